import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Tx } from '../db/client.ts';
import { enqueue } from './jobs.ts';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where an answer goes when it should not go to the sender (a contact message: the visitor who wrote it). */
  replyTo?: string;
  headers?: Record<string, string>;
};

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

/** Queues a message in the caller's transaction; the job runner delivers it (and retries). */
export function queueMail(tx: Tx, message: MailMessage) {
  return enqueue(tx, 'mail.send', message);
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
    const transport = nodemailer.createTransport({ url: smtpUrl, pool: true });
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

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => entities[c] ?? c);

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
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0d6efd;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Se o botão não funcionar, copie este endereço para o navegador:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${p(greeting)}${paragraphs.map(p).join('')}${button}
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0">
<p style="font-size:12px;color:#6c757d">${escapeHtml(footer ?? 'Esta mensagem foi enviada automaticamente pela Loja. Não responda a este email.')}</p>
</body></html>`;
  const text = [greeting, '', ...paragraphs.flatMap((t) => [t, '']), ...(action ? [`${action.label}: ${action.url}`, ''] : []), '--', footer ?? 'Esta mensagem foi enviada automaticamente pela Loja. Não responda a este email.'].join('\n');
  return { to, subject, html, text };
}
