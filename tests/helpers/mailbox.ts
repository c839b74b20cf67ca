import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = Email & { rawTo: string[] };

/** An SMTP server on loopback that keeps every message it receives, parsed (on `port`, or any free one). */
export async function startMailbox(options: { reject?: (to: string) => boolean; port?: number } = {}) {
  const received: ReceivedMail[] = [];
  let refusal: ((to: string) => number | undefined) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.reject?.(address.address)) return callback(new Error('550 mailbox unavailable'));
      const code = refusal?.(address.address);
      if (code) return callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            received.push({ ...mail, rawTo: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address: string) => received.filter((m) => m.rawTo.includes(address)),
    clear: () => void received.splice(0),
    /** Refuses each recipient `policy` answers a code for (4xx: try later, 5xx: never), until called again. */
    refuse: (policy: ((to: string) => number | undefined) | undefined) => void (refusal = policy),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The first link in a message's text part. */
/** The mail's first link, or its first link to `pathname` (an order's mail links its withdrawal function and its parcel too). */
export function linkIn(mail: Email | undefined, pathname?: string): string {
  const links = mail?.text?.match(/https?:\/\/\S+/g) ?? [];
  const link = pathname === undefined ? links[0] : links.find((l) => new URL(l).pathname === pathname);
  if (!link) throw new Error(pathname === undefined ? 'no link in mail' : `no link to ${pathname} in mail`);
  return link;
}
