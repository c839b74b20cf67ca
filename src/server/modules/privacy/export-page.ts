import { createHash } from 'node:crypto';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents, toCents } from '#shared/money.ts';
import { orderStatusLabel } from '#shared/orders.ts';
import type { PersonalData } from '#shared/schemas/privacy.ts';
import { withdrawalStatusLabel } from '#shared/schemas/withdrawals.ts';
import { shop } from '#shared/shop.ts';
import { escapeMarkup } from '../../platform/html.ts';

/*
 * The export as a page a person reads (RGPD art. 15.º): the same data as the JSON file, in sections, every
 * value escaped (it is her own text, and the shop's). A plain document with its own small style: it is saved
 * or printed, not browsed.
 */

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1f2328;line-height:1.5}table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;display:block;overflow-x:auto}th,td{border:1px solid #8c959f;padding:.25rem .5rem;text-align:left;vertical-align:top}dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}article{border-top:1px solid #8c959f;padding-top:.5rem}';

/**
 * The page's own policy: nothing but its one style sheet, allowed by its hash (the shop's policy allows only
 * style files from the shop, and this document is a single file she may save).
 */
export const EXPORT_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const e = (value: string | number | boolean | null | undefined) => escapeMarkup(value === null || value === undefined ? '—' : String(value));
const when = (iso: string | null | undefined) => (iso ? e(formatDateTime(iso)) : '—');
const restockAlertStatus: Record<string, string> = { pending: 'Por confirmar', waiting: 'À espera', told: 'Avisado', stopped: 'Cancelado' };
const euros = (value: number) => e(formatCents(toCents(value)));

const methodLabel: Record<string, string> = { multibanco: 'Multibanco', mbway: 'MB WAY' };
const paymentStatusLabel: Record<string, string> = { pending: 'Pendente', paid: 'Pago', failed: 'Falhado', expired: 'Expirado', canceled: 'Anulado', rejected: 'Recusado' };
const newsletterStatusLabel: Record<string, string> = { pending: 'Por confirmar', confirmed: 'Confirmada', unsubscribed: 'Cancelada' };
const label = (labels: Record<string, string>, value: string) => e(labels[value] ?? value);

const section = (title: string, body: string, empty: boolean) => `<section><h2>${e(title)}</h2>${empty ? '<p>Nada guardado.</p>' : body}</section>`;
const table = (head: string[], rows: string[][]) =>
  // A wide table scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
  `<table tabindex="0"><thead><tr>${head.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
const facts = (pairs: [string, string][]) => `<dl>${pairs.map(([k, v]) => `<dt>${e(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;

export function personalDataPage(data: PersonalData): string {
  const account = data.account
    ? facts([
        ['Nome de utilizador', e(data.account.username)],
        ['Email', e(data.account.email)],
        ['Conta criada em', when(data.account.created_at)],
        ['Email confirmado', data.account.is_verified ? 'Sim' : 'Não'],
        ['NIF', e(data.account.nif)],
        ['Empresa', e(data.account.company)],
      ])
    : '';
  const addresses = table(
    ['Nome', 'Morada', 'Localidade', 'Código postal', 'País', 'Telefone', 'Predefinida'],
    data.addresses.map((a) => [e(a.name), e(a.address), e(a.city), e(a.postal_code), e(a.country), e(a.phone), a.is_default ? 'Sim' : 'Não']),
  );
  const orders = data.orders
    .map(
      (o) => `<article><h3>Encomenda n.º ${e(o.id)}</h3>${facts([
        ['Data', when(o.order_date)],
        ['Estado', e(orderStatusLabel[o.status])],
        ['Email', e(o.email)],
        ['Morada de envio', e(o.shipping_address)],
        ['Telefone', e(o.phone)],
        ['NIF', e(o.nif ?? 'Consumidor final')],
        ['Portes', euros(o.shipping_cost)],
        ['IVA incluído', euros(o.total_tax)],
        ['Total', euros(o.total_price_with_tax)],
        ['Paga em', when(o.paid_at)],
      ])}${table(
        ['Produto', 'Quantidade', 'Preço unitário'],
        o.orderItems.map((i) => [e(i.variant ? `${i.product.name} (${i.variant.name})` : i.product.name), e(i.quantity), euros(i.price)]),
      )}</article>`,
    )
    .join('');
  const payments = table(
    ['Encomenda', 'Método', 'Estado', 'Valor', 'Entidade / referência', 'Telefone', 'Criado em', 'Pago em'],
    data.payments.map((p) => [e(p.order_id), label(methodLabel, p.method), label(paymentStatusLabel, p.status), euros(p.amount), e(p.reference ? `${p.entity ?? ''} ${p.reference}` : null), e(p.phone), when(p.created_at), when(p.paid_at)]),
  );
  const invoices = table(
    ['Encomenda', 'Documento', 'Número'],
    data.invoices.map((i) => [e(i.order_id), i.kind === 'invoice_receipt' ? 'Fatura-recibo' : 'Nota de crédito', e(i.number ?? 'por finalizar')]),
  );
  const newsletter = data.newsletter
    ? facts([
        ['Estado', label(newsletterStatusLabel, data.newsletter.status)],
        ['Consentimento dado em', when(data.newsletter.consent_at)],
        ['Endereço IP do consentimento', e(data.newsletter.consent_ip)],
        ['Texto aceite', e(data.newsletter.consent_text)],
        ['Subscrição confirmada em', when(data.newsletter.subscribed_at)],
        ['Subscrição cancelada em', when(data.newsletter.unsubscribed_at)],
      ])
    : '';
  const messages = table(
    ['Enviada em', 'Nome', 'Assunto', 'Mensagem'],
    data.contact_messages.map((m) => [when(m.created_at), e(m.name), e(m.subject), e(m.message)]),
  );
  const withdrawals = table(
    ['Pedido em', 'Encomenda', 'Artigos', 'Valor', 'Estado'],
    data.withdrawal_requests.map((w) => [
      when(w.requested_at),
      e(`n.º ${w.order_id}`),
      e(w.lines.map((l) => `${l.quantity} × ${l.name}`).join('; ')),
      e(formatCents(toCents(w.amount + w.shipping))),
      e(withdrawalStatusLabel[w.status]),
    ]),
  );
  const alerts = table(
    ['Produto', 'Pedido em', 'Confirmado em', 'Avisado em', 'Estado'],
    data.restock_alerts.map((a) => [e(a.product), when(a.asked_at), when(a.confirmed_at), when(a.told_at), e(restockAlertStatus[a.status] ?? a.status)]),
  );
  return `<!doctype html>
<html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Os seus dados na ${e(shop.name)}</title>
<style>${STYLE}</style>
</head><body><main>
<h1>Os seus dados na ${e(shop.name)}</h1>
<p>Tudo o que a loja guarda associado a ${e(data.email)}, em ${when(data.generated_at)}. O mesmo conteúdo existe em ficheiro JSON, para levar para outro serviço (artigo 20.º do RGPD).</p>
${section('Conta', account, !data.account)}
${section('Moradas', addresses, !data.addresses.length)}
${section('Encomendas', orders, !data.orders.length)}
${section('Pagamentos', payments, !data.payments.length)}
${section('Faturas e notas de crédito', invoices, !data.invoices.length)}
${section('Newsletter', newsletter, !data.newsletter)}
${section('Mensagens de contacto', messages, !data.contact_messages.length)}
${section('Pedidos de livre resolução', withdrawals, !data.withdrawal_requests.length)}
${section('Avisos de reposição de stock', alerts, !data.restock_alerts.length)}
</main></body></html>`;
}
