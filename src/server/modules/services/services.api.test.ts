import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaMessages } from '#shared/schemas/catalog.ts';
import { messages } from '#shared/messages.ts';
import { serviceMessages, type Service } from '#shared/schemas/services.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart, pngImage } from '../../../../tests/helpers/images.ts';
import { imageFiles, images } from '../media/tables.ts';
import { services } from './tables.ts';

const ctx = useTestApp();

type Fields = Record<string, string>;
type File = { field: string; name: string; type: string; data: Buffer };

const send = (method: 'POST' | 'PUT', url: string, cookie: string | undefined, fields: Fields, files: File[] = []) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: multipart(fields, files) });

const form = (overrides: Fields = {}): Fields => ({
  name: 'Consultoria em casa',
  description: 'Quatro horas em sua casa a organizar a divisão que mais a preocupa.',
  short_description: 'Uma manhã de organização lado a lado.',
  schedule_link: 'https://calendly.com/loja/consultoria',
  order: '1',
  ...overrides,
});

const png = async (color = '#2f5d50', width = 800, height = 600): Promise<File> => ({
  field: 'image',
  name: 'foto.png',
  type: 'image/png',
  data: await pngImage(width, height, color),
});

const admin = async () => (await signedInUser(ctx, { isAdmin: true })).cookie;

async function create(cookie: string, fields: Fields, files: File[] = []): Promise<Service> {
  const res = await send('POST', '/api/service', cookie, fields, files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = (id: number | string) => ctx.app.inject({ method: 'GET', url: `/api/service/${id}` });
const list = async (): Promise<Service[]> => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/service' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const serviceRows = () => ctx.database.db.select().from(services);
const imageRows = () => ctx.database.db.select().from(images);

describe('service writes are for admins', () => {
  it('refuses visitors (401) and customers (403) on create, edit and delete, changing nothing', async () => {
    const cookie = await admin();
    const existing = await create(cookie, form({ name: 'Serviço protegido' }));
    const { cookie: customer } = await signedInUser(ctx);
    const before = await serviceRows();

    for (const [who, session, status] of [
      ['visitor', undefined, 401],
      ['customer', customer, 403],
    ] as const) {
      const post = await send('POST', '/api/service', session, form({ name: 'Intruso' }), [await png()]);
      expect(post.statusCode, who).toBe(status);
      expect(post.json().error, who).toBe(status === 401 ? messages.unauthenticated : messages.forbidden);
      const put = await send('PUT', `/api/service/${existing.id}`, session, form({ name: 'Alterado' }));
      expect(put.statusCode, who).toBe(status);
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/service/${existing.id}`, headers: session ? { cookie: session } : {} });
      expect(del.statusCode, who).toBe(status);
    }
    expect(await serviceRows()).toEqual(before);
    expect((await get(existing.id)).json().name).toBe('Serviço protegido');
  });
});

describe('POST /api/service', () => {
  it('creates a service with an image: re-encoded WebP renditions served under the image URLs', async () => {
    const cookie = await admin();
    const created = await create(cookie, form({ price: '45,5' }), [await png('#c8694b', 1200, 900)]);
    expect(created).toMatchObject({
      name: 'Consultoria em casa',
      description: 'Quatro horas em sua casa a organizar a divisão que mais a preocupa.',
      short_description: 'Uma manhã de organização lado a lado.',
      schedule_link: 'https://calendly.com/loja/consultoria',
      order: 1,
      price: 45.5,
    });
    expect(created.image).toMatchObject({ width: 1200, height: 900 });

    const [row] = await ctx.database.db.select().from(services).where(eq(services.id, created.id));
    expect(row).toMatchObject({ priceCents: 4550, displayOrder: 1, imageId: created.image?.id });
    const [image] = await ctx.database.db.select().from(images).where(eq(images.id, created.image!.id));
    expect(image?.kind).toBe('service');

    const file = await ctx.app.inject({ method: 'GET', url: created.image!.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    const thumb = await ctx.app.inject({ method: 'GET', url: created.image!.thumbnail });
    expect(thumb.statusCode).toBe(200);

    expect((await get(created.id)).json()).toEqual(created);
  });

  it('stores a service without image, short description or price; the order defaults to 0 when not sent', async () => {
    const cookie = await admin();
    const { order: _order, short_description: _short, ...rest } = form();
    const created = await create(cookie, { ...rest, name: '  Sessão online  ' });
    expect(created).toMatchObject({ name: 'Sessão online', short_description: '', order: 0, image: null, price: null });
  });

  it("refuses bad forms with the spec's messages, storing nothing", async () => {
    const cookie = await admin();
    const before = { services: (await serviceRows()).length, images: (await imageRows()).length };
    const { schedule_link: _link, ...withoutLink } = form();
    const cases: [Fields, string, string][] = [
      [form({ name: '' }), 'name', serviceMessages.nameRequired],
      [form({ name: '   ' }), 'name', serviceMessages.nameRequired],
      [form({ description: '' }), 'description', serviceMessages.descriptionRequired],
      [form({ order: '' }), 'order', serviceMessages.orderRequired],
      [form({ order: 'primeiro' }), 'order', serviceMessages.orderRequired],
      [form({ order: '-1' }), 'order', serviceMessages.orderRequired],
      [form({ order: '2.5' }), 'order', serviceMessages.orderRequired],
      [withoutLink, 'schedule_link', serviceMessages.scheduleLinkRequired],
      [form({ schedule_link: ' ' }), 'schedule_link', serviceMessages.scheduleLinkRequired],
      [form({ schedule_link: 'ftp://calendario.pt/marcar' }), 'schedule_link', serviceMessages.scheduleLinkInvalid],
      [form({ schedule_link: 'javascript:alert(1)' }), 'schedule_link', serviceMessages.scheduleLinkInvalid],
      [form({ schedule_link: 'calendly.com/loja' }), 'schedule_link', serviceMessages.scheduleLinkInvalid],
      [form({ price: 'grátis' }), 'price', serviceMessages.priceInvalid],
      [form({ name: 'x'.repeat(201) }), 'name', messages.tooLong],
    ];
    for (const [fields, field, message] of cases) {
      const res = await send('POST', '/api/service', cookie, fields, [await png()]);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    }
    const all = await send('POST', '/api/service', cookie, {});
    expect(all.statusCode).toBe(400);
    expect(all.json().fields).toMatchObject({
      name: serviceMessages.nameRequired,
      description: serviceMessages.descriptionRequired,
      schedule_link: serviceMessages.scheduleLinkRequired,
    });
    expect(all.json().error).toBe(serviceMessages.nameRequired);

    expect(await serviceRows()).toHaveLength(before.services);
    expect(await imageRows()).toHaveLength(before.images);
  });

  it('checks the image by its content: a text file named .png and an SVG are refused', async () => {
    const cookie = await admin();
    const before = { services: (await serviceRows()).length, images: (await imageRows()).length };
    const liar = await send('POST', '/api/service', cookie, form(), [
      { field: 'image', name: 'foto.png', type: 'image/png', data: Buffer.from('isto não é uma imagem'.repeat(20)) },
    ]);
    expect(liar.statusCode).toBe(400);
    expect(liar.json().error).toBe(mediaMessages.notAnImage);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const vector = await send('POST', '/api/service', cookie, form(), [{ field: 'image', name: 'a.svg', type: 'image/svg+xml', data: svg }]);
    expect(vector.statusCode).toBe(400);
    expect(vector.json().error).toBe(mediaMessages.svgNotAllowed);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/service', headers: { cookie }, payload: form() });
    expect(json.statusCode).toBe(400);
    expect(await serviceRows()).toHaveLength(before.services);
    expect(await imageRows()).toHaveLength(before.images);
  });
});

describe('GET /api/service', () => {
  it('lists by display order, then by name as a Portuguese reader sorts it', async () => {
    const cookie = await admin();
    await ctx.database.db.delete(services);
    for (const [name, order] of [
      ['Workshop', '2'],
      ['Sessão online', '1'],
      ['Árvore de tarefas', '2'],
      ['arrumação de roupeiros', '2'],
      ['Mudanças', '0'],
    ] as const) {
      await create(cookie, form({ name, order }));
    }
    expect((await list()).map((s) => [s.order, s.name])).toEqual([
      [0, 'Mudanças'],
      [1, 'Sessão online'],
      [2, 'arrumação de roupeiros'],
      [2, 'Árvore de tarefas'],
      [2, 'Workshop'],
    ]);
  });

  it("answers 404 'Serviço não encontrado' for an unknown id and 400 for a bad one", async () => {
    const absent = await get(999_999);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().error).toBe(serviceMessages.notFound);
    expect((await get('abc')).statusCode).toBe(400);
    expect((await get(0)).statusCode).toBe(400);
  });
});

describe('PUT /api/service/:id', () => {
  it('replaces the fields and keeps the image when no file is sent', async () => {
    const cookie = await admin();
    const created = await create(cookie, form({ price: '30' }), [await png()]);
    const res = await send('PUT', `/api/service/${created.id}`, cookie, form({ name: 'Consultoria ao domicílio', order: '5', short_description: '' }));
    expect(res.statusCode, res.body).toBe(200);
    const updated: Service = res.json();
    expect(updated).toMatchObject({ id: created.id, name: 'Consultoria ao domicílio', order: 5, short_description: '', price: null });
    expect(updated.image).toEqual(created.image);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt).getTime());
    expect((await get(created.id)).json()).toEqual(updated);
  });

  it('replaces the image with a new file and deletes the old one', async () => {
    const cookie = await admin();
    const created = await create(cookie, form(), [await png('#ff0000')]);
    const oldId = created.image!.id;
    const res = await send('PUT', `/api/service/${created.id}`, cookie, form(), [await png('#0000ff', 640, 480)]);
    expect(res.statusCode, res.body).toBe(200);
    const updated: Service = res.json();
    expect(updated.image?.id).not.toBe(oldId);
    expect(updated.image).toMatchObject({ width: 640, height: 480 });
    expect(await ctx.database.db.select().from(images).where(eq(images.id, oldId))).toHaveLength(0);
    expect(await ctx.database.db.select().from(imageFiles).where(eq(imageFiles.imageId, oldId))).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: created.image!.src })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: updated.image!.src })).statusCode).toBe(200);
  });

  it('removes the image with removeImage=true', async () => {
    const cookie = await admin();
    const created = await create(cookie, form(), [await png()]);
    const res = await send('PUT', `/api/service/${created.id}`, cookie, form({ removeImage: 'true' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().image).toBeNull();
    expect(await ctx.database.db.select().from(images).where(eq(images.id, created.image!.id))).toHaveLength(0);
  });

  it('refuses a bad form (400) and an unknown service (404), changing nothing', async () => {
    const cookie = await admin();
    const created = await create(cookie, form({ name: 'Intocável' }), [await png()]);
    const bad = await send('PUT', `/api/service/${created.id}`, cookie, form({ name: 'Outro', schedule_link: 'mailto:ana@loja.pt' }), [
      await png('#00ff00'),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.schedule_link).toBe(serviceMessages.scheduleLinkInvalid);
    expect((await get(created.id)).json()).toEqual(created);

    const before = (await imageRows()).length;
    const absent = await send('PUT', '/api/service/999999', cookie, form(), [await png()]);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().error).toBe(serviceMessages.notFound);
    expect(await imageRows()).toHaveLength(before);
  });
});

describe('DELETE /api/service/:id', () => {
  it('deletes the service and its image; a second delete is a 404', async () => {
    const cookie = await admin();
    const created = await create(cookie, form({ name: 'A eliminar' }), [await png()]);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/service/${created.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serviceMessages.deleted });
    expect((await get(created.id)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(images).where(eq(images.id, created.image!.id))).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: created.image!.thumbnail })).statusCode).toBe(404);
    expect((await list()).some((s) => s.id === created.id)).toBe(false);

    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/service/${created.id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(serviceMessages.notFound);
  });
});
