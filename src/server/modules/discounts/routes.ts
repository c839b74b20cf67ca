import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import { discountCode, discountCodeBody, discountCodeList, discountMessages } from '#shared/schemas/discounts.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import * as codes from './codes.ts';

/** The «Códigos de desconto» tab's calls (issue #29, decision 0054); the cart and the checkout apply codes through the order calls. */
export const discountRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['discounts'];

    app.get('/discount-code', { config: adminOnly, schema: { tags, response: { 200: discountCodeList } } }, async () => ({
      codes: await codes.listCodes(db),
    }));

    app.post('/discount-code', { config: adminOnly, schema: { tags, body: discountCodeBody, response: { 201: discountCode } } }, async (request, reply) =>
      reply.status(201).send(await codes.createCode(db, request.body)),
    );

    app.put(
      '/discount-code/:id',
      { config: adminOnly, schema: { tags, params: idParam, body: discountCodeBody, response: { 200: discountCode } } },
      async (request) => codes.updateCode(db, request.params.id, request.body),
    );

    app.delete('/discount-code/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await codes.deleteCode(db, request.params.id);
      return { message: discountMessages.deleted };
    });
  };
