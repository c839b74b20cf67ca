import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatLongDate } from '#shared/dates.ts';
import { messages } from '#shared/messages.ts';
import { formatEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { type WithdrawalAnswer, withdrawalMessages, type WithdrawalOverview } from '#shared/schemas/withdrawals.ts';
import { CONFIRM_LABEL, type LineBlock, lineBlockLabel, NO_WITHDRAWAL } from '#shared/withdrawal.ts';
import { errorMessage } from '../../api/client.ts';
import { FormField, SelectField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { postWithdrawal, useConfirmWithdrawal } from './api.ts';

const SEND_ERROR = 'Não foi possível enviar o pedido. Por favor tente novamente mais tarde.';

/** Step 1's fields: the name, one quantity per line of the order (0: not withdrawn), the optional reason. */
const choice = z
  .object({
    name: z.string().trim().min(1, { error: withdrawalMessages.name }).max(120, { error: messages.tooLong }),
    quantities: z.array(z.coerce.number().int().min(0)),
    reason: z.string().trim().max(1000, { error: messages.tooLong }),
  })
  .refine((v) => v.quantities.some((q) => q > 0), { path: ['quantities'], error: withdrawalMessages.linesRequired });
type Choice = z.input<typeof choice>;

/** How long the right lasts, in the page's words. */
export function periodSentence(overview: WithdrawalOverview) {
  const days = `${overview.period_days} dias`;
  if (overview.open && overview.open_until) return `Pode desistir até ${formatLongDate(new Date(Date.parse(overview.open_until) - 1).toISOString())} (${days}).`;
  return `O prazo de livre resolução é de ${days} a contar da entrega dos produtos (nos conteúdos digitais, da compra).`;
}

const untilText = (until: string | null) => (until ? `até ${formatLongDate(new Date(Date.parse(until) - 1).toISOString())}` : 'até ao fim do prazo, contado da entrega');

type Props = { overview: WithdrawalOverview; token: string | undefined; onDone: (answer: WithdrawalAnswer) => void };

/** Step 1 (a form prefilled with the name, order number and e-mail) and step 2 ("Confirmar desistência"), apart. */
export function WithdrawalSteps({ overview, token, onDone }: Props) {
  const [statement, setStatement] = useState<WithdrawalAnswer | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const confirm = useConfirmWithdrawal(overview.order_id, token);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const defaults: Choice = { name: overview.name, quantities: overview.lines.map((l) => l.withdrawable), reason: '' };
  const { form, field, error, busy, submit } = useServerForm(choice, defaults, { accept: ['name', 'reason'], fallback: SEND_ERROR });
  const quantitiesError = (form.formState.errors.quantities as { message?: string } | undefined)?.message;

  useEffect(() => stepHeading.current?.focus(), [statement]);

  const body = (values: z.output<typeof choice>) => ({
    name: values.name,
    reason: values.reason || undefined,
    lines: overview.lines.flatMap((l, i) => ((values.quantities[i] ?? 0) > 0 ? [{ order_item_id: l.order_item_id, quantity: values.quantities[i] as number }] : [])),
  });

  const onSubmit = submit(async (values) => {
    setConfirmError(null);
    setStatement(await postWithdrawal(overview.order_id, token, body(values)));
  });

  const onConfirm = () => {
    const values = choice.parse(form.getValues());
    setConfirmError(null);
    confirm.mutate(body(values), { onSuccess: onDone, onError: (err) => setConfirmError(errorMessage(err, SEND_ERROR)) });
  };

  if (statement) {
    return (
      <Card>
        <Card.Body>
          <h2 ref={stepHeading} tabIndex={-1} className="h5">
            Passo 2 de 2: confirme a desistência
          </h2>
          <p>Leia a sua declaração. Só fica registada quando carregar em «{CONFIRM_LABEL}».</p>
          <blockquote className="withdrawal-statement">{statement.statement.statement}</blockquote>
          {statement.statement.reason && <p>Motivo indicado: {statement.statement.reason}</p>}
          {confirmError && <Alert variant="danger">{confirmError}</Alert>}
          <div className="d-flex flex-wrap gap-2">
            <Button variant="danger" onClick={onConfirm} disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
              {confirm.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {CONFIRM_LABEL}
            </Button>
            <Button variant="outline-secondary" onClick={() => setStatement(null)} disabled={confirm.isPending}>
              Voltar e alterar
            </Button>
          </div>
        </Card.Body>
      </Card>
    );
  }

  return (
    <Card>
      <Card.Body>
        <h2 ref={stepHeading} tabIndex={-1} className="h5">
          Passo 1 de 2: o que quer devolver
        </h2>
        <p>
          {periodSentence(overview)} Não precisa de indicar o motivo. Se preferir escrever, use o{' '}
          <Link to={paths.withdrawalForm}>formulário de livre resolução</Link>.
        </p>
        <dl className="row mb-3">
          <dt className="col-sm-4">Número da encomenda</dt>
          <dd className="col-sm-8">N.º {overview.order_id}</dd>
          <dt className="col-sm-4">E-mail</dt>
          <dd className="col-sm-8 text-break">{overview.email}</dd>
        </dl>
        <Form noValidate onSubmit={onSubmit}>
          <FormField id="withdrawal-name" label="Nome" autoComplete="name" maxLength={120} required {...field('name')} />
          <fieldset className="mb-3" aria-describedby={quantitiesError ? 'withdrawal-lines-error' : undefined}>
            <legend className="form-label fs-6">Artigos e quantidades</legend>
            {overview.lines.map((line, i) => (
              <div key={line.order_item_id} className="withdrawal-line border-bottom py-2">
                {line.withdrawable > 0 ?
                  <SelectField
                    id={`withdrawal-quantity-${line.order_item_id}`}
                    label={`${line.name} (${formatEuros(line.unit_price)} cada, ${untilText(line.until)})`}
                    className="mb-0"
                    registration={form.register(`quantities.${i}`)}
                  >
                    {Array.from({ length: line.withdrawable + 1 }, (_, q) => (
                      <option key={q} value={q}>
                        {q === 0 ? 'Não devolver' : `${q} de ${line.quantity}`}
                      </option>
                    ))}
                  </SelectField>
                : <p className="mb-0">
                    <span className="fw-semibold">{line.name}</span>: {lineNote(line)}
                  </p>
                }
              </div>
            ))}
            {quantitiesError && (
              <p id="withdrawal-lines-error" className="text-danger small mt-2 mb-0">
                {quantitiesError}
              </p>
            )}
          </fieldset>
          <FormField id="withdrawal-reason" label="Motivo (opcional)" as="textarea" rows={3} maxLength={1000} {...field('reason')} />
          {error && <Alert variant="danger">{error}</Alert>}
          <SubmitButton busy={busy} busyLabel="A preparar...">
            Continuar
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}

function lineNote(line: WithdrawalOverview['lines'][number]) {
  if (line.blocked) return `${NO_WITHDRAWAL}. ${lineBlockLabel[line.blocked as LineBlock] ?? ''}`;
  if (line.until && Date.parse(line.until) <= Date.now()) return `o prazo terminou em ${formatLongDate(new Date(Date.parse(line.until) - 1).toISOString())}.`;
  return 'já pediu a devolução de todas as unidades.';
}
