import { describe, expect, it } from 'vitest';
import type { Service } from '#shared/schemas/services.ts';
import { useTestApp } from '../../../../tests/helpers/app.ts';
import { seedDemoServices } from './demo.ts';

const ctx = useTestApp();

describe('demo services', () => {
  it('fill a shop without services once, each with a picture, a booking link and the texts a card needs', { timeout: 60_000 }, async () => {
    expect(await seedDemoServices(ctx.database.db)).toBe(4);
    expect(await seedDemoServices(ctx.database.db)).toBe(0);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/service' });
    expect(res.statusCode).toBe(200);
    const rows: Service[] = res.json();
    expect(rows.map((s) => s.name)).toEqual([
      'Consultoria de organização em casa',
      'Sessão online de planeamento',
      'Organização de mudanças',
      'Workshop de destralhe para grupos',
    ]);
    for (const s of rows) {
      expect(s.schedule_link).toMatch(/^https:\/\/calendly\.com\//);
      expect(s.short_description.length).toBeGreaterThan(20);
      expect(s.description.length).toBeGreaterThan(s.short_description.length);
      expect(s.image).toMatchObject({ width: 1000, height: 750 });
    }
    expect(rows.filter((s) => s.price !== null).map((s) => s.price)).toEqual([120, 45]);
    const picture = await ctx.app.inject({ method: 'GET', url: rows[0]?.image?.src ?? '/' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });
});
