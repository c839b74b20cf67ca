import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.ts';
import { hasRedis, REDIS_URL } from '../../../tests/helpers/services.ts';

const login = (ctx: ReturnType<typeof useTestApp>, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ninguem@example.pt', password: 'errada123' }, remoteAddress });

describe('login limits when Redis is unreachable', () => {
  // Port 9 (discard) has nothing listening on loopback: every connection is refused.
  const ctx = useTestApp({ REDIS_URL: 'redis://127.0.0.1:9', AUTH_RATE_LIMIT: '5' });

  it('still count, in the process, and /api/ready says the shop is degraded', async () => {
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(ctx, '10.20.30.40')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', redis: 'down' });
  });
});

describe.runIf(await hasRedis('redis-down.api.test.ts, «with Redis answering»'))('with Redis answering', () => {
  const ctx = useTestApp({ REDIS_URL });

  it('reports ready', async () => {
    // The connection is opened in the background at start.
    let ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    for (let i = 0; i < 20 && ready.json().status !== 'ready'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    }
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});
