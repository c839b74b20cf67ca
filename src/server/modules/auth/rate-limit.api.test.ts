import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';

const ctx = useTestApp({ AUTH_RATE_LIMIT: '3' });

describe('rate limits on the calls attackers hammer', () => {
  for (const [url, payload] of [
    ['/api/auth/login', { email: 'alvo@example.pt', password: 'tentativa' }],
    ['/api/auth/register', { username: 'x', email: 'not-an-email', password: '1' }],
    ['/api/auth/forgot-password', { email: 'alvo@example.pt' }],
    ['/api/auth/reset-password', { token: 'x', newPassword: 'abcdefgh' }],
  ] as const) {
    it(`answers 429 with the pt-PT message after the limit on ${url}`, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await ctx.app.inject({ method: 'POST', url, payload })).statusCode);
      expect(statuses).not.toContain(429);
      const limited = await ctx.app.inject({ method: 'POST', url, payload });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', error: messages.tooManyRequests });
    });
  }

  it('does not limit other calls', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    expect(uniqueEmail()).toContain('@');
  });
});
