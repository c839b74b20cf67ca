// Part of `npm run bench:web` (issue #32): the home page as a real shop has it, with photographs in its hero and its
// sections rather than the demo's light drawings. No photograph can be fetched here, so one is made with a photograph's worth of
// detail: broad shapes of light (the scene), texture at smaller scales and grain, saved as a camera exports it (JPEG,
// quality 90, 3:2). Its renditions weigh what a photograph's do (about 60-100 KB at 800 px in WebP), several times the
// demo drawing's.
import sharp from 'sharp';
import type { Product } from '#shared/schemas/catalog.ts';
import type { Service } from '#shared/schemas/services.ts';
import { productFormData, productFormDefaults } from '../src/web/features/admin/products/product-form-values.ts';
import { serviceFormData, serviceFormDefaults } from '../src/web/features/admin/services/service-form-values.ts';

/** A deterministic stand-in for a photograph, `width` × `height` pixels, as JPEG. */
export async function photograph(width: number, height: number, seed = 1): Promise<Buffer> {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  /** Random values on a grid `scale` pixels apart, enlarged smoothly to the picture's size (one channel). */
  const layer = async (scale: number) => {
    const w = Math.max(2, Math.round(width / scale));
    const h = Math.max(2, Math.round(height / scale));
    const grid = Buffer.from(Array.from({ length: w * h }, () => Math.floor(random() * 256)));
    return sharp(grid, { raw: { width: w, height: h, channels: 1 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  };
  // The scene in broad shapes, then texture at a few scales (wood, fabric, leaves), as a photograph keeps detail at
  // every size its renditions are shown at.
  const octaves: [scale: number, amount: number][] = [
    [160, 0.55],
    [40, 0.2],
    [10, 0.22],
    [4, 0.3],
    [2, 0.2],
  ];
  const layers = await Promise.all(octaves.map(([scale]) => layer(scale)));
  const pixels = Buffer.alloc(width * height * 3);
  const tint = [1.05, 0.9, 0.72];
  for (let i = 0; i < width * height; i++) {
    let light = -20;
    for (const [n, [, amount]] of octaves.entries()) light += ((layers[n] as Buffer)[i] as number) * amount;
    for (let c = 0; c < 3; c++) pixels[i * 3 + c] = Math.max(0, Math.min(255, light * (tint[c] as number) + (random() - 0.5) * 10));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

type Admin = { email: string; password: string };

/** Signs in as the bench shop's admin: the session's cookie and the origin its writes must name. */
async function signIn(base: string, admin: Admin) {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`bench admin sign-in refused (${login.status})`);
  return { cookie: login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; '), origin: base };
}

const photographFile = async (name: string, seed: number) =>
  new File([new Uint8Array(await photograph(2400, 1600, seed))], name, { type: 'image/jpeg' });

async function send(base: string, headers: Awaited<ReturnType<typeof signIn>>, path: string, form: FormData, what: string) {
  const put = await fetch(`${base}${path}`, { method: 'PUT', headers, body: form });
  if (!put.ok) throw new Error(`${what}'s photograph was refused (${put.status}): ${await put.text()}`);
}

/**
 * The home page as a shop with photographs has it (issue #32): the hero's picture (the library's 'Sobre', through
 * `PUT /api/image/Sobre`) and the pictures of the products and services its sections show (the links of the page as
 * served), each through the back office's own form (`PUT /api/product/{id}`, `PUT /api/service/{id}`, built by the
 * admin forms' functions from what the shop answers), the demo's drawings replaced.
 */
export async function photographTheHome(base: string, admin: Admin): Promise<void> {
  const headers = await signIn(base, admin);
  const hero = new FormData();
  hero.append('image', await photographFile('sobre.jpg', 1));
  await send(base, headers, '/api/image/Sobre', hero, 'the hero');

  // What the sections show, read from the page a shopper gets; each product and service as the owner's form reads it.
  const home = await (await fetch(`${base}/`)).text();
  const linked = (path: string) => [...new Set([...home.matchAll(new RegExp(`href="/${path}/(\\d+)"`, 'g'))].map((m) => Number(m[1])))];
  const read = async <T>(path: string) => (await (await fetch(`${base}${path}`, { headers })).json()) as T;
  for (const [n, id] of linked('produtos').entries()) {
    const product = await read<Product>(`/api/product/${id}`);
    const form = productFormData(productFormDefaults(product), [await photographFile(`produto-${id}.jpg`, 10 + n)], product.images.map((image) => image.id));
    await send(base, headers, `/api/product/${id}`, form, `product ${id}`);
  }
  for (const [n, id] of linked('servicos').entries()) {
    const service = await read<Service>(`/api/service/${id}`);
    const form = serviceFormData(serviceFormDefaults(service), { file: await photographFile(`servico-${id}.jpg`, 20 + n), removeCurrent: false });
    await send(base, headers, `/api/service/${id}`, form, `service ${id}`);
  }
}
