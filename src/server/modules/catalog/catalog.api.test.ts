import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { catalogMessages, mediaMessages, type Product } from '#shared/schemas/catalog.ts';
import { messages } from '#shared/messages.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { jpegWithGps, multipart, pngImage } from '../../../../tests/helpers/images.ts';
import { imageFiles, images } from '../media/tables.ts';
import { products, productVariants } from './tables.ts';

const ctx = useTestApp();

type Fields = Record<string, string>;
type File = { field: string; name: string; type: string; data: Buffer };

const send = (method: 'POST' | 'PUT', url: string, cookie: string | undefined, fields: Fields, files: File[] = []) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: multipart(fields, files) });

const physical = (overrides: Fields = {}): Fields => ({
  name: 'Caixa organizadora',
  description: 'Caixa em cartão reciclado para gavetas e prateleiras.',
  order: '1',
  price: '12,50',
  stock: '7',
  isDigital: 'false',
  hasVariants: 'false',
  ...overrides,
});

async function admin() {
  return (await signedInUser(ctx, { isAdmin: true })).cookie;
}

async function create(cookie: string, fields: Fields, files: File[] = []): Promise<Product> {
  const res = await send('POST', '/api/product', cookie, fields, files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('product writes', () => {
  it('creates a physical product with an image: cents inside, euros outside, WebP renditions without metadata', async () => {
    const cookie = await admin();
    const photo = await jpegWithGps(1200, 900);
    const product = await create(cookie, physical(), [{ field: 'images', name: 'foto.jpg', type: 'image/jpeg', data: photo }]);
    expect(product).toMatchObject({ name: 'Caixa organizadora', price: 12.5, stock: 7, hasVariants: false, isDigital: false, link: null });
    expect(product.images).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ priceCents: 1250, minPriceCents: 1250, stock: 7 });

    const image = product.images[0]!;
    expect(image.srcset).toContain('320w');
    expect(image.srcset).toContain('1024w');
    const file = await ctx.app.inject({ method: 'GET', url: image.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    // Mail clients and link previews load a product's picture from their own origin.
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1024);
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp((await ctx.app.inject({ method: 'GET', url: image.thumbnail })).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([300, 300]);
  });

  it('reads prices typed the Portuguese way, with thousands and a decimal comma', async () => {
    const cookie = await admin();
    for (const [typed, euros] of [['12,50', 12.5], ['1 234,50', 1234.5], ['1.234,50', 1234.5], ['1234.5', 1234.5]] as const) {
      const product = await create(cookie, physical({ price: typed }));
      expect(product.price, typed).toBe(euros);
      const [row] = await ctx.database.db.select({ cents: products.priceCents }).from(products).where(eq(products.id, product.id));
      expect(row?.cents, typed).toBe(Math.round(euros * 100));
    }
  });

  it('creates a product with variants: price is the lowest variant, stock their sum', async () => {
    const cookie = await admin();
    const variants = [
      { name: 'Pequena', price: '9.90', stock: 3, sku: 'CX-P' },
      { name: 'Grande', price: '14,90', stock: 0, sku: 'CX-G' },
    ];
    const product = await create(cookie, physical({ hasVariants: 'true', price: '', stock: '', variants: JSON.stringify(variants) }));
    expect(product).toMatchObject({ price: 9.9, stock: 3, hasVariants: true });
    expect(product.variants.map((v) => [v.name, v.price, v.stock, v.sku])).toEqual([
      ['Pequena', 9.9, 3, 'CX-P'],
      ['Grande', 14.9, 0, 'CX-G'],
    ]);

    const duplicate = await send('POST', '/api/product', cookie, physical({ hasVariants: 'true', variants: JSON.stringify([{ name: 'X', price: 1, stock: 1, sku: 'CX-P' }]) }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(catalogMessages.skuTaken);
  });

  it('refuses bad forms with the spec rules, storing nothing', async () => {
    const cookie = await admin();
    const before = (await ctx.database.db.select().from(products)).length;
    const cases: [Fields, string, string][] = [
      [physical({ name: '' }), 'name', catalogMessages.nameRequired],
      [physical({ description: ' ' }), 'description', catalogMessages.descriptionRequired],
      [physical({ order: '' }), 'order', catalogMessages.orderRequired],
      [physical({ price: '' }), 'price', catalogMessages.priceRequired],
      [physical({ price: '-3' }), 'price', catalogMessages.priceRequired],
      // A thousand, or one euro and 23.4 cents? Refused, never guessed.
      [physical({ price: '1.234' }), 'price', catalogMessages.priceRequired],
      [physical({ price: '12,345' }), 'price', catalogMessages.priceRequired],
      [physical({ hasVariants: 'true', variants: JSON.stringify([{ name: 'A', price: '1,234', stock: 1 }]) }), 'variants.0.price', catalogMessages.variantPrice],
      [physical({ stock: '2.5' }), 'stock', catalogMessages.stockRequired],
      [physical({ isDigital: 'true', link: 'ftp://x' }), 'link', catalogMessages.linkRequired],
      [physical({ hasVariants: 'true', variants: '[]' }), 'variants', catalogMessages.variantsRequired],
      [physical({ hasVariants: 'true', variants: JSON.stringify([{ name: '', price: 1, stock: 1 }]) }), 'variants.0.name', catalogMessages.variantName],
      [physical({ hasVariants: 'true', variants: JSON.stringify([{ name: 'A', price: 'x', stock: 1 }]) }), 'variants.0.price', catalogMessages.variantPrice],
      [physical({ hasVariants: 'true', variants: JSON.stringify([{ name: 'A', price: 1 }]) }), 'variants.0.stock', catalogMessages.variantStock],
      [physical({ hasVariants: 'true', variants: '{not json' }), 'variants', messages.invalidInput],
    ];
    for (const [fields, field, message] of cases) {
      const res = await send('POST', '/api/product', cookie, fields);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    }
    expect(await ctx.database.db.select().from(products)).toHaveLength(before);
  });

  it('checks uploads by content: a text file named .png, an oversized file and an SVG are refused', async () => {
    const cookie = await admin();
    const before = (await ctx.database.db.select().from(images)).length;
    const liar = await send('POST', '/api/product', cookie, physical(), [
      { field: 'images', name: 'foto.png', type: 'image/png', data: Buffer.from('isto não é uma imagem'.repeat(20)) },
    ]);
    expect(liar.statusCode).toBe(400);
    expect(liar.json().error).toBe(mediaMessages.notAnImage);

    const huge = Buffer.concat([await pngImage(10, 10), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const oversized = await send('POST', '/api/product', cookie, physical(), [{ field: 'images', name: 'grande.png', type: 'image/png', data: huge }]);
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().error).toBe(mediaMessages.tooLarge);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const vector = await send('POST', '/api/product', cookie, physical(), [{ field: 'images', name: 'a.svg', type: 'image/svg+xml', data: svg }]);
    expect(vector.statusCode).toBe(400);
    expect(vector.json().error).toBe(mediaMessages.svgNotAllowed);
    expect(await ctx.database.db.select().from(images)).toHaveLength(before);
  });

  it('edits a product: variants updated, added and removed; images added and removed', async () => {
    const cookie = await admin();
    const variants = [
      { name: 'Azul', price: 5, stock: 2, sku: 'ED-AZ' },
      { name: 'Verde', price: 6, stock: 2, sku: 'ED-VE' },
    ];
    const a = await pngImage(640, 480, '#ff0000');
    const b = await pngImage(640, 480, '#0000ff');
    const created = await create(cookie, physical({ hasVariants: 'true', variants: JSON.stringify(variants) }), [
      { field: 'images', name: 'a.png', type: 'image/png', data: a },
      { field: 'images', name: 'b.png', type: 'image/png', data: b },
    ]);
    const [azul, verde] = created.variants;
    const [firstImage, secondImage] = created.images;
    const edited = [
      { id: azul!.id, name: 'Azul-marinho', price: '5,50', stock: 4, sku: 'ED-VE' },
      { id: verde!.id, name: 'Verde', price: 6, stock: 2, sku: 'ED-AZ' },
      { name: 'Rosa', price: 4.5, stock: 1 },
    ];
    const res = await send(
      'PUT',
      `/api/product/${created.id}`,
      cookie,
      physical({ name: 'Caixa editada', hasVariants: 'true', variants: JSON.stringify(edited), imagesToRemove: JSON.stringify([firstImage!.id]) }),
      [{ field: 'images', name: 'c.png', type: 'image/png', data: await pngImage(400, 400, '#00ff00') }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const product: Product = res.json();
    expect(product.name).toBe('Caixa editada');
    expect(product.price).toBe(4.5);
    expect(product.variants.map((v) => [v.id === azul!.id, v.name, v.price, v.sku])).toEqual([
      [true, 'Azul-marinho', 5.5, 'ED-VE'],
      [false, 'Verde', 6, 'ED-AZ'],
      [false, 'Rosa', 4.5, null],
    ]);
    expect(product.images.map((i) => i.id)).toEqual([secondImage!.id, expect.any(Number)]);
    expect(await ctx.database.db.select().from(imageFiles).where(eq(imageFiles.imageId, firstImage!.id))).toHaveLength(0);

    const dropped = await send('PUT', `/api/product/${created.id}`, cookie, physical({ hasVariants: 'false', price: '3', stock: '1' }));
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toMatchObject({ hasVariants: false, variants: [], price: 3 });
    expect(await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, created.id))).toHaveLength(0);

    expect((await send('PUT', '/api/product/999999', cookie, physical())).statusCode).toBe(404);
  });

  it('deletes a product with its images', async () => {
    const cookie = await admin();
    const product = await create(cookie, physical(), [{ field: 'images', name: 'a.png', type: 'image/png', data: await pngImage() }]);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: catalogMessages.productDeleted });
    expect(await ctx.database.db.select().from(images).where(eq(images.id, product.images[0]!.id))).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('answers 401 to visitors and 403 to customers on every write', async () => {
    const { cookie } = await signedInUser(ctx);
    const adminCookie = await admin();
    const product = await create(adminCookie, physical());
    for (const [who, c, status] of [
      ['visitor', undefined, 401],
      ['customer', cookie, 403],
    ] as const) {
      expect((await send('POST', '/api/product', c, physical())).statusCode, who).toBe(status);
      expect((await send('PUT', `/api/product/${product.id}`, c, physical({ name: 'Roubado' }))).statusCode, who).toBe(status);
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: c ? { cookie: c } : {} });
      expect(del.statusCode, who).toBe(status);
    }
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.name).toBe('Caixa organizadora');
  });
});

describe('the digital link', () => {
  it('is never in public answers, only in answers to admins', async () => {
    const cookie = await admin();
    const link = 'https://loja.example.pt/downloads/planner-secreto.pdf';
    const product = await create(cookie, physical({ name: 'Planner digital', isDigital: 'true', link, stock: '0' }));
    expect(product.link).toBe(link);
    const { cookie: customer } = await signedInUser(ctx);
    for (const headers of [{}, { cookie: customer }]) {
      const one = await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}`, headers });
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain('planner-secreto');
      const list = await ctx.app.inject({ method: 'GET', url: '/api/product?isDigital=true&pageSize=100', headers });
      expect(list.body).not.toContain('planner-secreto');
    }
    const asAdmin = await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}`, headers: { cookie } });
    expect(asAdmin.json().link).toBe(link);
  });
});

describe('cached shop answers', () => {
  it('show a change made through another app process at once', async () => {
    const { buildApp } = await import('../../app.ts');
    const other = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await other.ready();
    try {
      const cookie = await admin();
      const product = await create(cookie, physical({ name: 'Cesto antes' }));
      const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).json().name;
      const search = async (q: string) => (await ctx.app.inject({ method: 'GET', url: `/api/product?q=${encodeURIComponent(q)}` })).json().count;
      expect(await read()).toBe('Cesto antes');
      expect(await search('Cesto antes')).toBe(1);

      // The second process shares the database but not the first one's memory.
      const res = await other.inject({
        method: 'PUT',
        url: `/api/product/${product.id}`,
        headers: { cookie },
        payload: multipart(physical({ name: 'Cesto depois' })),
      });
      expect(res.statusCode).toBe(200);
      expect(await read()).toBe('Cesto depois');
      expect(await search('Cesto antes')).toBe(0);
    } finally {
      await other.close();
    }
  });
});
