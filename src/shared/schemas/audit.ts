import { z } from 'zod';
import { valuesOf } from '../labelled.ts';
import { dateTime, emailAddress } from './common.ts';
import './locale.ts';
import { calendarDayField, dayRangeMessages } from './days.ts';

/** The audit log (issue #17): every admin change, who made it, from where, and the values before and after. */
export const auditEntityLabel = {
  user: 'Utilizador',
  product: 'Produto',
  collection: 'Coleção',
  'shipping-method': 'Método de envio',
  'shipping-zone': 'Zona de envio',
  'discount-code': 'Código de desconto',
  service: 'Serviço',
  order: 'Encomenda',
  content: 'Conteúdo',
  newsletter: 'Newsletter',
  media: 'Imagem',
  settings: 'Definições',
  message: 'Mensagem de contacto',
  'payment-alert': 'Alerta de pagamento',
  session: 'Sessão',
  access: 'Acesso recusado',
  'personal-data': 'Dados pessoais (RGPD)',
  withdrawal: 'Desistência',
};
export const AUDIT_ENTITIES = valuesOf(auditEntityLabel);
export type AuditEntity = keyof typeof auditEntityLabel;

export const auditActionLabel = {
  create: 'Criou', update: 'Alterou', delete: 'Eliminou', archive: 'Arquivou', status: 'Mudou o estado',
  payment: 'Registou o pagamento', refund: 'Reembolsou', 'refund-cancel': 'Anulou o pedido de reembolso',
  invoice: 'Registou a fatura emitida noutro programa', release: 'Libertou o stock (encomenda por pagar cancelada)',
  send: 'Enviou', read: 'Leu', test: 'Enviou um teste', resolve: 'Resolveu',
  'sign-in': 'Entrou', 'sign-out': 'Saiu', refused: 'Foi recusado',
  export: 'Exportou os dados', anonymise: 'Anonimizou os dados', withdraw: 'Desistiu do contrato',
};
export const AUDIT_ACTIONS = valuesOf(auditActionLabel);
export type AuditAction = keyof typeof auditActionLabel;

export const auditMessages = dayRangeMessages;

export const AUDIT_PAGE_SIZE = 25;

const day = (message: string) => calendarDayField(message).optional();

export const auditQuery = z
  .object({
    entity: z.enum(AUDIT_ENTITIES).optional(),
    entityId: z.string().trim().max(40).optional(),
    actor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    from: day(auditMessages.from),
    to: day(auditMessages.to),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: auditMessages.range });
  });
export type AuditQuery = z.infer<typeof auditQuery>;

const values = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  id: z.number().int(),
  at: dateTime,
  actor: z.object({ id: z.number().int().nullable(), email: emailAddress }),
  ip: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: values,
  after: values,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  rows: z.array(auditEntry),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Everyone who appears in the log, for the filter. */
  actors: z.array(z.object({ id: z.number().int(), email: emailAddress })),
});
export type AuditPage = z.infer<typeof auditPage>;
