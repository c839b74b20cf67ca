import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { contentMessages } from '#shared/schemas/content.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { seedDemoContent } from './demo.ts';
import { contentBlocks } from './tables.ts';

const ctx = useTestApp();

const put = (section: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/content/${section}`, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (section: string) => ctx.app.inject({ method: 'GET', url: `/api/content/${section}` });
const storedRow = async (section: string) =>
  (await ctx.database.db.select().from(contentBlocks).where(eq(contentBlocks.section, section)))[0];

describe('content blocks', () => {
  it('answers 404 for a block nobody wrote, then the admin creates it with the first save', async () => {
    const before = await get('home-hero');
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ code: 'NOT_FOUND', error: contentMessages.notFound });

    const { user, cookie } = await signedInUser(ctx, { isAdmin: true });
    const saved = await put('home-hero', { value: '<h2>Bem-vinda</h2><p>Organizar é <strong>simples</strong>.</p>' }, cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ value: '<h2>Bem-vinda</h2><p>Organizar é <strong>simples</strong>.</p>' });

    const after = await get('home-hero');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ value: '<h2>Bem-vinda</h2><p>Organizar é <strong>simples</strong>.</p>' });
    const row = await storedRow('home-hero');
    expect(row?.updatedBy).toBe(user.id);

    // A second save replaces the block (no second row, the latest author recorded).
    const other = await signedInUser(ctx, { isAdmin: true });
    expect((await put('home-hero', { value: '<p>Nova versão</p>' }, other.cookie)).statusCode).toBe(200);
    expect((await get('home-hero')).json()).toEqual({ value: '<p>Nova versão</p>' });
    const rows = await ctx.database.db.select().from(contentBlocks).where(eq(contentBlocks.section, 'home-hero'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.updatedBy).toBe(other.user.id);
  });

  it('refuses visitors (401) and customers (403) and changes nothing', async () => {
    const { cookie: admin } = await signedInUser(ctx, { isAdmin: true });
    await put('guarded', { value: '<p>Original</p>' }, admin);

    const visitor = await put('guarded', { value: '<p>Alterado</p>' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(messages.unauthenticated);
    const { cookie: customer } = await signedInUser(ctx);
    const refused = await put('guarded', { value: '<p>Alterado</p>' }, customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.forbidden);
    // Even a malformed body from a non-admin is an authorisation answer, not a validation one.
    expect((await put('guarded', { nothing: true }, customer)).statusCode).toBe(403);
    expect((await put('Not Valid!', { value: 'x' })).statusCode).toBe(401);

    expect((await get('guarded')).json()).toEqual({ value: '<p>Original</p>' });
  });

  it('validates the section name and the body with pt-PT messages', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    for (const section of ['Home', 'home_hero', 'a'.repeat(61), 'home%20hero', 'olá']) {
      const res = await put(section, { value: '<p>x</p>' }, cookie);
      expect(res.statusCode, section).toBe(400);
      expect(res.json().error).toBe(contentMessages.sectionInvalid);
      expect((await get(section)).statusCode, section).toBe(400);
    }
    expect((await put('a'.repeat(60), { value: '<p>x</p>' }, cookie)).statusCode).toBe(200);

    const missing = await put('sem-valor', {}, cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: contentMessages.valueRequired, fields: { value: contentMessages.valueRequired } });
    const wrongType = await put('sem-valor', { value: 42 }, cookie);
    expect(wrongType.statusCode).toBe(400);
    const tooLong = await put('sem-valor', { value: `<p>${'a'.repeat(100_000)}</p>` }, cookie);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(messages.tooLong);
    expect(await storedRow('sem-valor')).toBeUndefined();

    // An empty block is allowed: the admin cleared it.
    expect((await put('vazio', { value: '' }, cookie)).json()).toEqual({ value: '' });
    expect((await get('vazio')).json()).toEqual({ value: '' });
  });

  it('stores and serves none of the classic XSS payloads', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const payloads = [
      '<script>alert(1)</script><p>ok</p>',
      '<img src=x onerror=alert(1)><p>ok</p>',
      '<a href="javascript:alert(1)">ok</a>',
      '<a href="JaVaScRiPt&colon;alert(1)">ok</a>',
      '<a href="jav&#x09;ascript:alert(1)">ok</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">ok</a>',
      '<svg><script>alert(1)</script></svg><p>ok</p>',
      '<svg onload=alert(1)><p>ok</p></svg>',
      '<iframe src="https://evil.example/"></iframe><p>ok</p>',
      '<style>body{display:none}</style><p>ok</p>',
      '<p onclick="alert(1)" style="color:red">ok</p>',
      '<h2 onmouseover="alert(1)">ok</h2>',
      '<a href="vbscript:msgbox(1)">ok</a>',
      '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)"><p>ok</p>',
      '<form action="https://evil.example/"><input name="a"><button>ok</button></form>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">ok</p></noscript>',
    ];
    const dangerous = /<script|<img|<svg|<iframe|<style|<object|<embed|<form|<input|\son\w+=|javascript:|vbscript:|data:|style=|alert\(|msgbox/i;
    for (const [i, payload] of payloads.entries()) {
      const section = `xss-${i}`;
      const saved = await put(section, { value: payload }, cookie);
      expect(saved.statusCode, payload).toBe(200);
      const stored = (await storedRow(section))?.value ?? '';
      const served = (await get(section)).json().value as string;
      expect(stored, payload).not.toMatch(dangerous);
      expect(served, payload).not.toMatch(dangerous);
      expect(saved.json().value).toBe(stored);
    }

    // A link opening a new tab always carries rel="noopener ..." whatever the admin wrote.
    for (const link of ['<a href="https://exemplo.pt" target="_blank">ok</a>', '<a href="https://exemplo.pt" target="_self" rel="opener">ok</a>']) {
      const value = (await put('ligacao', { value: link }, cookie)).json().value as string;
      expect(value).toBe('<a href="https://exemplo.pt" target="_blank" rel="noopener noreferrer nofollow">ok</a>');
    }
    // What an admin means to write survives.
    const kept = '<h2>Título</h2><h3>Sub</h3><p><em>a</em> <strong>b</strong> <a href="mailto:ola@loja.pt">c</a></p><ul><li>d</li></ul><ol><li>e</li></ol>';
    expect((await put('formatado', { value: kept }, cookie)).json().value).toBe(kept);
  });

  it('sanitises again on read: a row written around the API is served clean', async () => {
    await ctx.database.db.insert(contentBlocks).values({ section: 'importado', value: '<p onclick="alert(1)">ok</p><script>alert(2)</script>' });
    expect((await get('importado')).json()).toEqual({ value: '<p>ok</p>' });
  });

  it('seeds the demo welcome only where the owner wrote nothing', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    await put('home-hero', { value: '<p>O meu texto</p>' }, cookie);
    expect(await seedDemoContent(ctx.database.db)).toBe(0);
    expect((await get('home-hero')).json()).toEqual({ value: '<p>O meu texto</p>' });

    await ctx.database.db.delete(contentBlocks).where(eq(contentBlocks.section, 'home-hero'));
    expect(await seedDemoContent(ctx.database.db)).toBe(1);
    const seeded = (await get('home-hero')).json().value as string;
    expect(seeded).toMatch(/^<h2>Bem-vindo à Loja/);
    expect(seeded).toContain('organização pessoal');
  });
});
