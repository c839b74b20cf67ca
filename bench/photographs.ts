// Part of `npm run bench:web` (issue #32): the home page as a real shop has it, with a photograph in its hero rather
// than the demo's light drawing. No photograph can be fetched here, so one is made with a photograph's worth of
// detail: broad shapes of light (the scene), texture at smaller scales and grain, saved as a camera exports it (JPEG,
// quality 90, 3:2). Its renditions weigh what a photograph's do (about 60-100 KB at 800 px in WebP), several times the
// demo drawing's.
import sharp from 'sharp';

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

/**
 * Signs in as the bench shop's admin and replaces the home page's 'Sobre' picture (the hero's) with a photograph,
 * through the back office's own call (`PUT /api/image/Sobre`).
 */
export async function photographTheHome(base: string, admin: { email: string; password: string }): Promise<void> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`bench admin sign-in refused (${login.status})`);
  const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await photograph(2400, 1600))], { type: 'image/jpeg' }), 'sobre.jpg');
  const put = await fetch(`${base}/api/image/Sobre`, { method: 'PUT', headers: { cookie, origin: base }, body: form });
  if (!put.ok) throw new Error(`the hero's photograph was refused (${put.status}): ${await put.text()}`);
}
