import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { render } from '@react-email/render';
import { createElement as h, Fragment, type ReactElement } from 'react';
import { shop } from '#shared/shop.ts';
import { escapeMarkup } from './html.ts';
import { defineJob, enqueue, type JobRunner } from './jobs.ts';
import { ActionButton } from './mail-templates/action-button.ts';
import { MailFrame, SHOP_IDENTITY_MARK } from './mail-templates/frame.ts';
import { countMail } from './metrics.ts';
import { Paragraph } from './mail-templates/paragraph.ts';

const mailMessage = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /**
   * Where an answer goes: the shop's public address unless told otherwise (the shop's copy of a contact
   * message, its mail of an order: the customer who wrote or bought).
   */
  replyTo: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.output<typeof mailMessage>;

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

const sendMailJob = defineJob('mail.send', mailMessage);

/**
 * Queues a message in the caller's transaction; the job runner delivers it (and retries). A `key` makes it one
 * message however often it is queued (a job that queues it and runs again after a crash).
 */
export function queueMail(tx: Tx, message: MailMessage, options: { key?: string } = {}) {
  return enqueue(tx, sendMailJob, message, options);
}

export function registerMailJob(jobs: JobRunner, mailer: Mailer) {
  jobs.register(sendMailJob, (message) => mailer.send(message));
}

/**
 * Real SMTP when `smtpUrl` is set. Otherwise each message becomes a .eml file under `mailDir` and its
 * links are logged, so an account can be verified on a machine with no mail server.
 */
/** The shop's legal identity as a mail's foot says it. */
export type ShopIdentity = { legalName: string; nif: string; address: string };


/**
 * Writes the shop's identity where the frame left its mark (both parts): at sending, so every message, the
 * newsletter's and those queued before a change of settings too, carries the identity of today's settings.
 */
export function stampIdentity(message: MailMessage, identity: ShopIdentity): MailMessage {
  const line = `${identity.legalName} · NIF ${identity.nif} · ${identity.address}`;
  return { ...message, html: message.html.replaceAll(SHOP_IDENTITY_MARK, escapeMarkup(line)), text: message.text.replaceAll(SHOP_IDENTITY_MARK, line) };
}

/**
 * What goes to the transport: the shop's sender, today's identity, `Reply-To` the shop's public address (a
 * customer who answers any of its mails reaches the shop: the terms ask for returns by e-mail), and
 * `Auto-Submitted: auto-generated` (RFC 3834) on every message, the newsletter's too, since a program sends
 * them all: auto-replies and holiday notices stay quiet.
 */
const envelope = (message: MailMessage, from: string, identity: ShopIdentity, replyTo: string) => {
  const stamped = stampIdentity(message, identity);
  return { from, ...stamped, replyTo: stamped.replyTo ?? replyTo, headers: { ...stamped.headers, 'Auto-Submitted': 'auto-generated' } };
};

/** Every message handed to the transport is counted, sent or failed, whichever job or call sends it (issue #31). */
const counted = (mailer: Mailer, onOutcome: ((ok: boolean) => Promise<void>) | undefined): Mailer => ({
  async send(message) {
    try {
      await mailer.send(message);
    } catch (err) {
      countMail('failed');
      await onOutcome?.(false).catch(() => {});
      throw err;
    }
    countMail('sent');
    await onOutcome?.(true).catch(() => {});
  },
  close: () => mailer.close(),
});

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  identity: ShopIdentity;
  /** SHOP_PUBLIC_EMAIL, or SHOP_EMAIL: where customers' answers go. */
  replyTo: string;
  log: FastifyBaseLogger;
  /** Told whether each message went (the operations alert on failing mail). */
  onOutcome?: (ok: boolean) => Promise<void>;
}): Mailer {
  const { smtpUrl, from, mailDir, identity, replyTo, log, onOutcome } = options;
  if (smtpUrl) {
    // Pooled: a newsletter's hundreds of messages reuse a few connections instead of one handshake each.
    // Timeouts well under the shutdown's grace: a stopping process finishes the message in hand or fails it
    // (to be retried), instead of being killed mid-send and sending it twice.
    const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
    return counted({
      async send(message) {
        await transport.sendMail(envelope(message, from, identity, replyTo));
      },
      close: () => transport.close(),
    }, onOutcome);
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return counted({
    async send(message) {
      const info = await transport.sendMail(envelope(message, from, identity, replyTo));
      await mkdir(mailDir, { recursive: true });
      const file = join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      // Write then rename, so whoever reads the folder never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to file (no SMTP_URL)');
    },
    close: () => transport.close(),
  }, onOutcome);
}

/** A block of a mail's body: a paragraph said in both parts, or a piece of HTML with its own text twin. */
export type MailBlock = string | { html: ReactElement; text: string[] };

const AUTOMATIC = `Esta mensagem foi enviada automaticamente pela ${shop.name}. Se lhe responder, a resposta chega à loja.`;

const htmlBlock = (b: MailBlock, key: number) => (typeof b === 'string' ? h(Paragraph, { key, text: b }) : h(Fragment, { key }, b.html));

/**
 * The shop's e-mail: the branded frame (mail-templates/) around a greeting, paragraphs and one call to
 * action, and its plain-text twin, written here line by line rather than derived from the HTML.
 */
export async function composeMail(options: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: MailBlock[];
  action?: { label: string; url: string };
  /** Paragraphs after the call to action: notes the mail is not about (an order's withdrawal function). */
  after?: MailBlock[];
  footer?: string;
  /** The inbox's preview line; the first paragraph when not given. */
  preview?: string;
}): Promise<MailMessage> {
  const { to, subject, greeting, paragraphs, action, after = [], footer = AUTOMATIC } = options;
  const preview = options.preview ?? paragraphs.find((b) => typeof b === 'string') ?? subject;
  const html = await render(
    h(
      MailFrame,
      { title: subject, preview, footer },
      h(Paragraph, { text: greeting }),
      ...paragraphs.map(htmlBlock),
      action ? h(ActionButton, action) : null,
      ...after.map((b, i) => htmlBlock(b, paragraphs.length + i)),
    ),
  );
  const textOf = (blocks: MailBlock[]) => blocks.flatMap((b) => (typeof b === 'string' ? [b] : b.text)).flatMap((t) => [t, '']);
  const text = [greeting, '', ...textOf(paragraphs), ...(action ? [`${action.label}: ${action.url}`, ''] : []), ...textOf(after), '--', footer, SHOP_IDENTITY_MARK].join('\n');
  return { to, subject, html, text };
}
