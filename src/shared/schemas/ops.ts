import { z } from 'zod';
import { dateTime } from './common.ts';

/** The operations alerts (issue #31): what the owner is mailed, and the dashboard's banner shows. */
export const opsAlertKinds = ['mail_failing', 'queue_stuck', 'payments_silent', 'database_down', 'backup_failed'] as const;
export type OpsAlertKind = (typeof opsAlertKinds)[number];

export const opsAlert = z.object({
  kind: z.enum(opsAlertKinds),
  title: z.string(),
  text: z.string(),
  since: dateTime,
});
export type OpsAlert = z.infer<typeof opsAlert>;
export const opsAlertList = z.object({ alerts: z.array(opsAlert) });
export type OpsAlertList = z.infer<typeof opsAlertList>;

const minutes = (ms: number) => {
  const m = Math.max(1, Math.round(ms / 60_000));
  if (m < 120) return `${m} ${m === 1 ? 'minuto' : 'minutos'}`;
  const h = Math.round(m / 60);
  return `${h} horas`;
};

/** Each alert's words, in the mail and on the banner: what is wrong, since when, and what to look at. */
export const opsAlertText = {
  mail_failing: {
    title: 'Os emails da loja não estão a ser enviados',
    text: (ms: number) =>
      `Há ${minutes(ms)} que nenhum email sai: o servidor de email (SMTP_URL) recusa ou não responde. Os clientes não recebem encomendas, referências Multibanco nem recuperações de palavra-passe; ficam em fila e saem quando o envio voltar.`,
  },
  queue_stuck: {
    title: 'A fila de tarefas está parada',
    text: (ms: number) =>
      `A tarefa mais antiga espera há ${minutes(ms)} (emails, pagamentos expirados, faturas). Verifique se algum processo da loja está a correr e consegue chegar à base de dados.`,
  },
  payments_silent: {
    title: 'Não chegam confirmações de pagamento',
    text: (ms: number) =>
      `Há ${minutes(ms)} que foram emitidas referências ou pedidos MB WAY e não chegou nenhuma confirmação do gateway. Confirme na ifthenpay que o endereço de callback e a chave anti-phishing estão certos.`,
  },
  database_down: {
    title: 'A base de dados esteve inacessível',
    text: (ms: number) => `A base de dados não respondeu durante ${minutes(ms)}; a loja respondeu "indisponível" nesse tempo. Já voltou.`,
  },
  backup_failed: {
    title: 'A cópia de segurança falhou',
    text: (detail: string) => `A última cópia de segurança agendada (BACKUP_DIR) falhou: ${detail}`,
  },
} as const;
