/*
 * How long the shop keeps each kind of personal data (RGPD art. 5.º n.º 1 al. e)): one table, read by the
 * terms page ("Conservação dos dados") and by the daily purge job, so what the terms promise is what the job
 * does (a test fails if they disagree). Decision 0041 gives each period's basis.
 */

export type RetentionKey =
  | 'account'
  | 'unverified-accounts'
  | 'sessions-and-tokens'
  | 'order-personal-data'
  | 'contact-messages'
  | 'newsletter-unconfirmed'
  | 'newsletter'
  | 'restock-unconfirmed'
  | 'restock-alerts'
  | 'server-logs';

/** A period in days, 'expiry' (as soon as it expires), or 'while-active' (until she asks or cancels). */
export type RetentionPeriod = { days: number } | 'expiry' | 'while-active';

export type RetentionRule = {
  key: RetentionKey;
  /** What the terms call it. */
  data: string;
  period: RetentionPeriod;
  /** What the terms say of it; `{period}` stands for the period in words (a period in days always has it). */
  note: string;
  /** Who deletes it when the period ends: the shop's purge job, or the host (its journal's rotation). */
  purgedBy: 'purge-job' | 'host' | 'customer';
};

const YEAR = 365;

export const RETENTION: readonly RetentionRule[] = [
  { key: 'account', data: 'Dados da conta', period: 'while-active', note: 'enquanto a conta estiver ativa, ou até a apagar no seu perfil', purgedBy: 'customer' },
  { key: 'unverified-accounts', data: 'Contas por confirmar', period: { days: 30 }, note: '{period}, se o email nunca for confirmado', purgedBy: 'purge-job' },
  { key: 'sessions-and-tokens', data: 'Sessões e links enviados por email', period: 'expiry', note: 'apagados quando expiram', purgedBy: 'purge-job' },
  {
    key: 'order-personal-data',
    data: 'Encomendas e faturas',
    period: { days: 10 * YEAR },
    note: '{period}, como exige a legislação fiscal portuguesa; depois, o nome, o email, o telefone e a morada da encomenda são anonimizados',
    purgedBy: 'purge-job',
  },
  { key: 'contact-messages', data: 'Mensagens de contacto', period: { days: 2 * YEAR }, note: 'o tempo necessário para responder e, no máximo, {period}', purgedBy: 'purge-job' },
  { key: 'newsletter-unconfirmed', data: 'Subscrições da newsletter por confirmar', period: { days: 30 }, note: '{period}, se a subscrição nunca for confirmada', purgedBy: 'purge-job' },
  { key: 'newsletter', data: 'Newsletter', period: 'while-active', note: 'até cancelar a subscrição', purgedBy: 'customer' },
  { key: 'restock-unconfirmed', data: 'Avisos de reposição de stock por confirmar', period: { days: 30 }, note: '{period}, se o pedido nunca for confirmado', purgedBy: 'purge-job' },
  { key: 'restock-alerts', data: 'Avisos de reposição de stock', period: 'while-active', note: 'até cancelar o aviso pela ligação de cada email', purgedBy: 'customer' },
  { key: 'server-logs', data: 'Registos técnicos do servidor', period: { days: 90 }, note: 'no máximo, {period}', purgedBy: 'host' },
];

/** The rules the shop's own purge job carries out. */
export const PURGED_BY_JOB = RETENTION.filter((rule) => rule.purgedBy === 'purge-job');

export function retentionDays(key: RetentionKey): number {
  const rule = RETENTION.find((r) => r.key === key);
  if (!rule || typeof rule.period !== 'object') throw new Error(`retention ${key} has no period in days`);
  return rule.period.days;
}

/** "30 dias", "2 anos", "10 anos", "até expirarem": the period as the terms say it. */
export function periodInWords(period: RetentionPeriod): string {
  if (period === 'expiry') return 'até expirarem';
  if (period === 'while-active') return 'sem prazo fixo';
  const years = period.days / YEAR;
  if (Number.isInteger(years)) return years === 1 ? '1 ano' : `${years} anos`;
  return period.days === 1 ? '1 dia' : `${period.days} dias`;
}

/** The terms' line for one rule: "Mensagens de contacto: o tempo necessário para responder e, no máximo, 2 anos." */
export const retentionSentence = (rule: RetentionRule) => `${rule.data}: ${rule.note.replace('{period}', periodInWords(rule.period))}.`;
