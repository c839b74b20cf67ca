import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { mediaImage, mediaMessages, mediaName } from '#shared/schemas/catalog.ts';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { adminOnly } from '../../platform/guards.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { parseOrThrow } from '../../platform/validation.ts';
import * as media from './images.ts';
import { processImage } from './processing.ts';

const fileParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  version: z.string().regex(/^[0-9a-f]{12}$/),
  // thumb.jpg: the thumbnail for e-mail, where Outlook for Windows shows no WebP.
  file: z.string().regex(/^((\d{1,4}|thumb)\.webp|thumb\.jpg)$/),
});

export const mediaRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['media'];

    // Every stored image's renditions. The URL carries the content version, so it can be cached forever.
    app.get('/images/:id/:version/:file', { schema: { tags, params: fileParams } }, async (request, reply) => {
      const { id, version, file } = request.params;
      const found = await media.imageFile(db, id, version, file.replace(/\.(webp|jpg)$/, ''));
      if (!found) throw notFound(mediaMessages.imageNotFound);
      const jpeg = file.endsWith('.jpg');
      return reply
        .header('content-type', jpeg ? 'image/jpeg' : found.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // Pictures are public: mail clients, link previews and feeds load them from their own origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(jpeg ? await sharp(found.bytes).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer() : found.bytes);
    });

    app.get('/image', { config: adminOnly, schema: { tags, response: { 200: z.array(mediaImage) } } }, async () => media.listMedia(db));

    // Public: pages load library images by name (the home hero loads 'Sobre').
    app.get(
      '/image/name/:name',
      { schema: { tags, params: z.object({ name: mediaName }), response: { 200: mediaImage } } },
      async (request) => media.mediaByName(db, request.params.name),
    );

    app.put('/image/:name', { config: adminOnly, schema: { tags, params: z.object({ name: z.string().max(200) }), response: { 200: mediaImage } } }, async (request) => {
      const { fields, files } = await readMultipart(request);
      const name = parseOrThrow(mediaName, fields.name ?? request.params.name);
      const file = files.find((f) => f.field === 'image') ?? files[0];
      if (!file) throw invalid(mediaMessages.fileRequired, { image: mediaMessages.fileRequired });
      const processed = await processImage(file.buffer, { allowSvg: true });
      return media.putMedia(db, name, processed);
    });

    app.delete('/image/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await media.deleteMedia(db, request.params.id);
      return { message: mediaMessages.imageDeleted };
    });
  };
