import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { products } from '../catalog/tables.ts';
import { orders } from './tables.ts';

const ctx = useTestApp();

describe('stock under concurrent checkouts', () => {
  it('sells exactly the 5 left to 50 buyers at once: 5 orders, stock 0, 45 clear 409s', async () => {
    const p = await insertProduct(ctx, { name: 'Planner edição limitada', description: 'Só 5', priceCents: 2500, stock: 5 });
    const body = (n: number) => ({
      items: [{ product_id: p.id, quantity: 1 }],
      name: `Comprador ${n}`,
      email: `comprador${n}@example.pt`,
      phone: '912345678',
      address: 'Rua 1',
      city: 'Braga',
      postal_code: '4700-000',
      country: 'Portugal',
      payment_method: 'mbway',
      shipping_cost: 6,
      total_price_with_tax: 31,
      total_tax: 5.8,
      total_price_without_tax: 25.2,
    });
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => ctx.app.inject({ method: 'POST', url: '/api/order', payload: body(n) })),
    );
    const ms = Math.round(performance.now() - started);
    const statuses = answers.map((a) => a.statusCode);
    const created = statuses.filter((s) => s === 201).length;
    const refused = answers.filter((a) => a.statusCode === 409);
    console.log(`50 parallel checkouts on ${ctx.database.engine}: ${created} orders, ${refused.length} refused (409), ${ms} ms`);
    expect(created).toBe(5);
    expect(refused).toHaveLength(45);
    expect(refused.every((r) => r.json().error === 'Não há stock suficiente de Planner edição limitada: restam 0.')).toBe(true);
    const [after] = await ctx.database.db.select().from(products).where(eq(products.id, p.id));
    expect(after?.stock).toBe(0);
    expect(await ctx.database.db.select().from(orders)).toHaveLength(5);
  });
});
