// Scenarios 4 and 5: the shop's mail server down for a while, and Redis unreachable under login guesses.
import { startMailbox } from '../../tests/helpers/mailbox.ts';
import { ADMIN, byStatus, call, checkoutOf, createDatabase, freePort, insertProduct, sleep, startShop, stopShop, type Answer } from './shop.ts';

/** Backoff is 10, 20, 40, 80 s...: after the mail server is back the last retry may be this far away. */
const SETTLE_LIMIT_MS = 240_000;

export type MailFigures = { expected: number; received: number; lost: number; doubled: number; downSeconds: number; settledAfterMs: number | undefined };

/**
 * Scenario 4: guest checkouts queue their confirmations while the SMTP port refuses connections; the
 * mail server comes back on the same port and every message must arrive exactly once.
 */
export async function mailServerDown(checkouts: number, downSeconds: number): Promise<MailFigures> {
  const smtpPort = await freePort();
  const database = await createDatabase();
  const shop = await startShop(database, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  let mailbox: Awaited<ReturnType<typeof startMailbox>> | undefined;
  try {
    const productId = await insertProduct(database, 1000);
    const checkout = await checkoutOf(shop, productId);
    const placed = await Promise.all(Array.from({ length: checkouts }, (_, i) => checkout(`cliente${i + 1}@example.pt`)));
    const refused = placed.filter((a) => a.status !== 201).length;
    if (refused) console.log(`  ${refused} checkouts were refused: ${JSON.stringify(placed.map((a) => a.status))}`);
    console.log(`  ${checkouts - refused} orders placed with the mail server down; keeping it down ${downSeconds} s`);
    await sleep(downSeconds * 1000);

    mailbox = await startMailbox({ port: smtpPort });
    const backAt = performance.now();
    console.log('  mail server back on the same port; waiting for the queue to settle');
    const unsettled = () =>
      database.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE type = 'mail.send' AND done_at IS NULL AND failed_at IS NULL");
    let settledAfterMs: number | undefined;
    while (performance.now() - backAt < SETTLE_LIMIT_MS) {
      if ((await unsettled())[0]?.n === 0) {
        settledAfterMs = performance.now() - backAt;
        break;
      }
      await sleep(500);
    }
    // A duplicate would come from a second send of a job already done: give it a moment to show.
    await sleep(3000);

    const queued = await database.query<{ to: string; subject: string }>(
      "SELECT payload->>'to' AS to, payload->>'subject' AS subject FROM jobs WHERE type = 'mail.send'",
    );
    const seen = new Map<string, number>();
    for (const mail of mailbox.received) {
      for (const to of mail.rawTo) seen.set(`${to} ${mail.subject ?? ''}`, (seen.get(`${to} ${mail.subject ?? ''}`) ?? 0) + 1);
    }
    const expected = new Set(queued.map((q) => `${q.to} ${q.subject}`));
    const figures: MailFigures = {
      expected: expected.size,
      received: mailbox.received.length,
      lost: [...expected].filter((key) => !seen.has(key)).length,
      doubled: [...seen.values()].filter((n) => n > 1).length,
      downSeconds,
      settledAfterMs,
    };
    console.log(`  ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await stopShop(shop);
    await mailbox?.close();
  }
}

export type LoginLimitFigures = { attempts: number; refused429: number; answers: Record<string, number>; ready: string; limitHolds: boolean };

/** Scenario 5: Redis on a closed port, AUTH_RATE_LIMIT=10, 50 wrong passwords from one address. */
export async function loginLimitsWithoutRedis(attempts: number): Promise<LoginLimitFigures> {
  const redisPort = await freePort();
  const database = await createDatabase();
  const shop = await startShop(database, { REDIS_URL: `redis://127.0.0.1:${redisPort}`, AUTH_RATE_LIMIT: '10' });
  try {
    const answers: Answer[] = [];
    // Five at a time: a guesser's pace, and a hung call costs the bench 10 s per batch, not per call.
    for (let i = 0; i < attempts; i += 5) {
      const batch = Array.from({ length: Math.min(5, attempts - i) }, () =>
        call(shop, 'POST', '/api/auth/login', { email: ADMIN.email, password: 'palavra-errada' }),
      );
      answers.push(...(await Promise.all(batch)));
    }
    const counts = byStatus(answers);
    const ready = await call(shop, 'GET', '/api/ready');
    const refused429 = counts['429'] ?? 0;
    const figures: LoginLimitFigures = {
      attempts,
      refused429,
      answers: counts,
      ready: `${ready.status} ${JSON.stringify(ready.body)}`,
      limitHolds: refused429 >= attempts - 10,
    };
    console.log(`  answers ${JSON.stringify(counts)}; /api/ready ${figures.ready}`);
    return figures;
  } finally {
    await stopShop(shop);
  }
}
