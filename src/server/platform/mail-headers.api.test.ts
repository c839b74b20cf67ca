import { describe, expect, it } from 'vitest';
import { deliverMail, uniqueEmail, useTestApp } from '../../../tests/helpers/app.ts';

const ctx = useTestApp();

const header = (mail: { headers: { key: string; value: string }[] }, key: string) => mail.headers.find((h) => h.key === key)?.value;

describe('automatic e-mails say so (RFC 3834)', () => {
  it('a transactional mail (the account confirmation) carries Auto-Submitted: auto-generated', async () => {
    const email = uniqueEmail('rfc3834');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'Rita Auto', email, password: 'segredo1' } });
    expect(res.statusCode).toBe(201);
    await deliverMail(ctx);
    const [mail] = ctx.mailbox.to(email);
    expect(mail, 'the confirmation mail arrived').toBeDefined();
    expect(header(mail!, 'auto-submitted')).toBe('auto-generated');
  });
});
