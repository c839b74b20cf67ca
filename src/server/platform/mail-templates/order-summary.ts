import { Heading } from '@react-email/heading';
import { Img } from '@react-email/img';
import { createElement as h, type CSSProperties } from 'react';
import { formatCents, formatEuros } from '#shared/money.ts';
import { ART53_TEXT, vatLineLabel } from '#shared/vat.ts';
import { brand } from './brand.ts';

export type SummaryLine = {
  productName: string;
  variantName: string | null;
  quantity: number;
  unitPriceCents: number;
  /** The product's first picture (an absolute address), or null: the line then shows none. */
  picture: string | null;
};

/** The VAT as the order kept it: one line per rate, or the art. 53.º exemption (no VAT line, its words instead). */
export type SummaryVat = { exempt: boolean; lines: { rate: number; taxCents: number }[] };
/** A discount code's line as the order kept it (decision 0054): its words, and what it took off the goods in euros. */
export type SummaryDiscount = { label: string; amount: number } | null;
export type SummaryOrder = { shippingCents: number; totalTaxCents: number; totalWithTaxCents: number; lines: SummaryLine[]; vat?: SummaryVat; discount?: SummaryDiscount };

/** The discount's row, '− 5,00 €' (a free-shipping code's words only: shipping then says 'grátis'). */
export const discountRow = (discount: SummaryDiscount | undefined): [string, string][] =>
  discount ? [[discount.label, discount.amount ? `− ${formatEuros(discount.amount)}` : '']] : [];

/** The VAT rows: each rate's "IVA (23%) incluído", or the exemption's words where VAT would be (decision 0053). */
export function vatRows(order: Pick<SummaryOrder, 'totalTaxCents' | 'vat'>): [string, string][] {
  if (order.vat?.exempt) return [[ART53_TEXT, '']];
  if (!order.vat || order.vat.lines.length <= 1) return [['IVA incluído', formatCents(order.totalTaxCents)]];
  return order.vat.lines.map((l) => [vatLineLabel(l.rate), formatCents(l.taxCents)]);
}

const PICTURE = 56;
const cell: CSSProperties = { padding: '10px 0', verticalAlign: 'middle', borderBottom: `1px solid ${brand.rule}`, fontSize: '15px', lineHeight: '22px', color: brand.text };
const price: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: '12px' };

function LineRow({ line }: { line: SummaryLine }) {
  return h(
    'tr',
    null,
    h(
      'td',
      { className: 'mail-rule', width: PICTURE + 12, style: { ...cell, width: `${PICTURE + 12}px` } },
      line.picture ? h(Img, { src: line.picture, alt: '', width: PICTURE, height: PICTURE, style: { borderRadius: '6px', objectFit: 'cover' } }) : null,
    ),
    h(
      'td',
      { className: 'mail-rule mail-text', style: cell },
      h('strong', null, line.productName),
      line.variantName ? h('span', { className: 'mail-muted', style: { color: brand.muted } }, ` (${line.variantName})`) : null,
      h('br'),
      h('span', { className: 'mail-muted', style: { color: brand.muted, fontSize: '13px' } }, `Quantidade: ${line.quantity}`),
    ),
    h('td', { className: 'mail-rule mail-text', style: price }, formatCents(line.unitPriceCents * line.quantity)),
  );
}

const totalRow = (label: string, value: string, strong = false) =>
  h(
    'tr',
    { key: label },
    h('td', { colSpan: 2, className: 'mail-text', style: { padding: '6px 0 0', fontSize: strong ? '16px' : '14px', fontWeight: strong ? 700 : 400, color: brand.text } }, label),
    h('td', { className: 'mail-text', style: { padding: '6px 0 0', textAlign: 'right', whiteSpace: 'nowrap', fontSize: strong ? '16px' : '14px', fontWeight: strong ? 700 : 400, color: brand.text } }, value),
  );

/** The order's lines with their pictures, then shipping, the VAT included and the total. */
export function OrderSummary({ order }: { order: SummaryOrder }) {
  return h(
    'div',
    { style: { margin: '8px 0 24px' } },
    h(Heading, { as: 'h2', className: 'mail-text', style: { margin: '0 0 4px', fontSize: '18px', lineHeight: '26px', color: brand.text } }, 'Resumo da encomenda'),
    h(
      'table',
      { width: '100%', cellPadding: 0, cellSpacing: 0, style: { width: '100%', borderCollapse: 'collapse' } },
      h(
        'tbody',
        null,
        ...order.lines.map((line, i) => h(LineRow, { key: i, line })),
        ...discountRow(order.discount).map(([label, value]) => totalRow(label, value)),
        totalRow('Portes', order.shippingCents ? formatCents(order.shippingCents) : 'grátis'),
        ...vatRows(order).map(([label, value]) => totalRow(label, value)),
        totalRow('Total', formatCents(order.totalWithTaxCents), true),
      ),
    ),
  );
}
