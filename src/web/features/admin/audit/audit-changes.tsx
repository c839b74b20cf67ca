import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { manualPaymentLabel, orderStatusLabel, paymentMethodLabel } from '#shared/orders.ts';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import { refundMethodLabel } from '#shared/schemas/invoicing.ts';
import BiArrowRightIcon from '~icons/bi/arrow-right';

/** The field names the log keeps, as the owner knows them. */
const fieldLabel: Record<string, string> = {
  name: 'Nome',
  priceCents: 'Preço',
  stock: 'Stock',
  isDigital: 'Digital',
  link: 'Link',
  order: 'Ordem',
  images: 'Imagens',
  variants: 'Variantes',
  weightGrams: 'Peso (g)',
  unitQuantity: 'Quantidade por unidade de medida',
  unit: 'Unidade de medida',
  withdrawalExemption: 'Direito de livre resolução',
  collectionIds: 'Coleções',
  username: 'Nome de utilizador',
  email: 'Email',
  isAdmin: 'Administrador',
  isBanned: 'Bloqueado',
  isVerified: 'Verificado',
  password: 'Palavra-passe',
  status: 'Estado',
  paymentMethod: 'Método de pagamento',
  shippingAddress: 'Morada',
  phone: 'Telefone',
  nif: 'NIF',
  totalCents: 'Total',
  paidAt: 'Pago em',
  paidMethod: 'Recebido por',
  paidNote: 'Nota do pagamento',
  items: 'Artigos',
  refundCents: 'Reembolso',
  shippingCents: 'Portes',
  method: 'Meio',
  lines: 'Linhas',
  iban: 'IBAN',
  transferredOn: 'Transferido em',
  note: 'Nota',
  html: 'Texto',
  title: 'Título',
  recipients: 'Destinatários',
  isToSend: 'Envio ligado',
  subscriber: 'Subscritor',
  lowStockThreshold: 'Stock baixo até',
  shortDescription: 'Descrição curta',
  scheduleLink: 'Link de agendamento',
  image: 'Imagem',
  width: 'Largura',
  height: 'Altura',
  version: 'Versão',
  from: 'De',
  to: 'Para',
  outcome: 'Ocorrência',
  orderId: 'Encomenda',
  request: 'Pedido',
  answer: 'Resposta',
  reason: 'Motivo',
  attempts: 'Tentativas',
  invoiceNumber: 'N.º da fatura',
  mailNewOrders: 'Email por cada encomenda nova',
};

/** Fields whose values are codes, with the words the back office uses for them. */
const valueLabels: Record<string, Record<string, string>> = {
  status: orderStatusLabel,
  paymentMethod: paymentMethodLabel,
  paidMethod: manualPaymentLabel,
  method: refundMethodLabel,
};

/** One value as words: money in euros, yes/no, codes by their labels, dates in pt-PT, lists joined; long texts cut. */
function shown(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const label = typeof value === 'string' ? valueLabels[key]?.[value] : undefined;
  if (label) return label;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (key.endsWith('Cents') && typeof value === 'number') return formatCents(value);
  if (key === 'paidAt' && typeof value === 'string') return formatDateTime(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => (typeof v === 'object' ? describeObject(v as Record<string, unknown>) : String(v))).join('; ');
  if (typeof value === 'object') return describeObject(value as Record<string, unknown>);
  const text = key === 'html' ? String(value).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : String(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

const describeObject = (value: Record<string, unknown>) =>
  Object.entries(value)
    .map(([k, v]) => `${fieldLabel[k] ?? k}: ${shown(k, v)}`)
    .join(', ');

/** What changed in one entry: each field, before → after (only one side for a creation or a deletion). */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <span className="text-secondary">—</span>;
  return (
    <ul className="list-unstyled small mb-0">
      {keys.map((key) => (
        <li key={key}>
          <span className="fw-semibold">{fieldLabel[key] ?? key}:</span>{' '}
          {entry.before && entry.after ?
            <>
              <del>{shown(key, entry.before[key])}</del> <BiArrowRightIcon className="bi" aria-hidden="true" />{' '}
              <span className="visually-hidden">passou a</span> <ins>{shown(key, entry.after[key])}</ins>
            </>
          : shown(key, (entry.after ?? entry.before ?? {})[key])}
        </li>
      ))}
    </ul>
  );
}
