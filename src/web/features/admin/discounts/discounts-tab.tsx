import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatCalendarDay } from '#shared/dates.ts';
import { discountValueText } from '#shared/discounts.ts';
import { formatEuros, toCents } from '#shared/money.ts';
import type { DiscountCode, DiscountCodeList } from '#shared/schemas/discounts.ts';
import { errorMessage } from '../../../api/client.ts';
import { ACTIONS_COLUMN, TableHead } from '../../../components/table-head.tsx';
import { EditDeleteButtons, InlineEditorTab, type InlineRowActions } from '../inline-editor-tab.tsx';
import { discountCodesQuery, useDeleteDiscountCode, useSaveDiscountCode } from './api.ts';
import { nounWords } from '../record-noun.ts';
import { DiscountCodeForm, discountCodeNoun, discountKindLabel } from './discount-code-form.tsx';

/** When a code applies, in words: 'de 1 de junho de 2026 a 31 de agosto de 2026', 'sem datas'. */
function period(c: DiscountCode) {
  if (!c.starts_at && !c.ends_at) return 'Sem datas';
  return [c.starts_at && `de ${formatCalendarDay(c.starts_at)}`, c.ends_at && `até ${formatCalendarDay(c.ends_at)}`].filter(Boolean).join(' ');
}

const value = (c: DiscountCode) => discountValueText(c.kind, c.kind === 'fixed' ? toCents(c.value) : c.value);

/**
 * «Códigos de desconto» (issue #29, decision 0054): the owner's codes, what each gives and on what terms, how
 * often used; the cart and the checkout accept the active ones within their dates and limits.
 */
export function DiscountsTab() {
  const save = useSaveDiscountCode();
  const list = useQuery(discountCodesQuery);
  const remove = useDeleteDiscountCode();
  const toggle = async (c: DiscountCode, { setNotice, setFailure }: InlineRowActions<DiscountCode>) => {
    setNotice(null);
    setFailure(null);
    try {
      const { id: _id, uses: _uses, ...body } = c;
      await save.mutateAsync({ id: c.id, body: { ...body, active: !c.active } });
      setNotice(c.active ? `Código ${c.code} desativado.` : `Código ${c.code} ativado.`);
    } catch (err) {
      setFailure(errorMessage(err, nounWords(discountCodeNoun).saveError));
    }
  };
  return (
    <InlineEditorTab<DiscountCode, DiscountCodeList>
      list={list}
      noun={discountCodeNoun}
      intro="Um código por encomenda. O desconto sai do valor dos produtos, repartido pelas taxas de IVA; «Portes grátis» anula os portes. Uma encomenda cancelada devolve o uso do código."
      form={(code, onDone) => <DiscountCodeForm code={code} onDone={onDone} />}
      deletion={{
        mutation: remove,
        question: (c) => `Eliminar o código «${c?.code ?? ''}»? As encomendas que o usaram guardam o desconto que tiveram.`,
      }}
    >
      {({ codes }, actions) =>
        codes.length === 0 ?
          <p className="text-secondary">Ainda não há códigos de desconto.</p>
        : <Table responsive size="sm" className="align-middle">
            <TableHead columns={['Código', 'Desconto', 'Condições', 'Usos', 'Estado', ACTIONS_COLUMN]} />
            <tbody>
              {codes.map((c) => (
                <tr key={c.id}>
                  <td className="fw-semibold text-break">{c.code}</td>
                  <td className="small">
                    {value(c)}
                    <div className="text-secondary">{discountKindLabel[c.kind]}</div>
                  </td>
                  <td className="small">
                    {period(c)}
                    {c.min_order !== null && <div>Mínimo {formatEuros(c.min_order)}</div>}
                    {c.max_uses_per_customer !== null && <div>{c.max_uses_per_customer} por cliente</div>}
                  </td>
                  <td className="small text-nowrap">{c.max_uses === null ? c.uses : `${c.uses} de ${c.max_uses}`}</td>
                  <td>
                    <Badge bg={c.active ? 'success' : 'secondary'}>{c.active ? 'Ativo' : 'Inativo'}</Badge>
                  </td>
                  <td className="text-end text-nowrap">
                    <Button size="sm" variant="outline-secondary" className="me-2" onClick={() => void toggle(c, actions)} disabled={save.isPending}>
                      {c.active ? 'Desativar' : 'Ativar'}
                      <span className="visually-hidden"> {c.code}</span>
                    </Button>
                    <EditDeleteButtons name={c.code} onEdit={() => actions.edit(c)} onDelete={() => actions.remove(c)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
      }
    </InlineEditorTab>
  );
}
