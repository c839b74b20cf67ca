import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import { service, serviceFields, serviceList, serviceMessages } from '#shared/schemas/services.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { parseOrThrow } from '../../platform/validation.ts';
import { processImage } from '../media/processing.ts';
import * as services from './services.ts';

export const serviceRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['services'];

    /** Reads the service form: fields validated first, so a bad form never costs image processing. */
    const readServiceForm = async (request: Parameters<typeof readMultipart>[0]) => {
      const { fields, files } = await readMultipart(request);
      const parsed = parseOrThrow(serviceFields, fields);
      const file = files.find((f) => f.field === 'image');
      return { parsed, upload: file ? await processImage(file.buffer, { allowSvg: false }) : null };
    };

    app.get('/service', { schema: { tags, response: { 200: serviceList } } }, async () => services.listServices(db));

    app.get('/service/:id', { schema: { tags, params: idParam, response: { 200: service } } }, async (request) =>
      services.getService(db, request.params.id),
    );

    app.post('/service', { config: adminOnly, schema: { tags, response: { 201: service } } }, async (request, reply) => {
      const { parsed, upload } = await readServiceForm(request);
      return reply.status(201).send(await services.createService(db, parsed, upload));
    });

    app.put('/service/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: service } } }, async (request) => {
      const { parsed, upload } = await readServiceForm(request);
      return services.updateService(db, request.params.id, parsed, upload);
    });

    app.delete('/service/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await services.deleteService(db, request.params.id);
      return { message: serviceMessages.deleted };
    });
  };
