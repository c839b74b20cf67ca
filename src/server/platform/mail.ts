import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { escapeMarkup } from './html.ts';
import { defineJob, enqueue, type JobRunner } from './jobs.ts';

const mailMessage = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Where an answer goes when it should not go to the sender (a contact message: the visitor who wrote it). */
  replyTo: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.output<typeof mailMessage>;

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

const sendMailJob = defineJob('mail.send', mailMessage);

/** Queues a message in the caller's transaction; the job runner delivers it (and retries). */
export function queueMail(tx: Tx, message: MailMessage) {
  return enqueue(tx, sendMailJob, message);
}

export function registerMailJob(jobs: JobRunner, mailer: Mailer) {
  jobs.register(sendMailJob, (message) => mailer.send(message));
}

/**
 * Real SMTP when `smtpUrl` is set. Otherwise each message becomes a .eml file under `mailDir` and its
 * links are logged, so an account can be verified on a machine with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, mailDir, log } = options;
  if (smtpUrl) {
    // Pooled: a newsletter's hundreds of messages reuse a few connections instead of one handshake each.
    // Timeouts well under the shutdown's grace: a stopping process finishes the message in hand or fails it
    // (to be retried), instead of being killed mid-send and sending it twice.
    const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(mailDir, { recursive: true });
      const file = join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      // Write then rename, so whoever reads the folder never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to file (no SMTP_URL)');
    },
    close: () => transport.close(),
  };
}


/**
 * The shop's e-mail frame: a short HTML message with one call to action and its plain-text twin.
 * `paragraphs` are plain text (escaped here).
 */
export function composeMail(options: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): MailMessage {
  const { to, subject, greeting, paragraphs, action, footer } = options;
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeMarkup(t)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeMarkup(action.url)}" style="background:#0d6efd;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeMarkup(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Se o botão não funcionar, copie este endereço para o navegador:<br><a href="${escapeMarkup(action.url)}">${escapeMarkup(action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><title>${escapeMarkup(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${p(greeting)}${paragraphs.map(p).join('')}${button}
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0">
<p style="font-size:12px;color:#6c757d">${escapeMarkup(footer ?? 'Esta mensagem foi enviada automaticamente pela Loja. Não responda a este email.')}</p>
</body></html>`;
  const text = [greeting, '', ...paragraphs.flatMap((t) => [t, '']), ...(action ? [`${action.label}: ${action.url}`, ''] : []), '--', footer ?? 'Esta mensagem foi enviada automaticamente pela Loja. Não responda a este email.'].join('\n');
  return { to, subject, html, text };
}
