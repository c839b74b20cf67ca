import { connect } from 'node:net';

/**
 * The servers a few tests need beside the shop, and a line saying why they skip without them. CI checks
 * both answer before it runs the tests (.ci/run), so there nothing skips for want of them.
 */

/** Where redis-down.api.test.ts and two-processes.api.test.ts find Redis: a local server on its usual port. */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether DATABASE_URL names a PostgreSQL server; when not, says which tests skip and how to run them. */
export function hasPostgres(what: string): boolean {
  if (process.env.DATABASE_URL) return true;
  console.log(`skipped: ${what} needs PostgreSQL: run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (CI does).`);
  return false;
}

/** Whether a Redis server answers at REDIS_URL (within a second); when not, says which tests skip. */
export async function hasRedis(what: string): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
  if (!answers) console.log(`skipped: ${what} needs Redis at ${REDIS_URL}: start one (apt-get install redis-server; CI has it).`);
  return answers;
}
