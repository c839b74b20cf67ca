import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { discountCode, discountCodeBody, discountCodeList, discountMessages } from '#shared/schemas/discounts.ts';
import { adminRecordWrites } from '../../platform/admin-record-writes.ts';
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

    adminRecordWrites(app, db, {
      path: '/discount-code',
      tags,
      body: discountCodeBody,
      answer: discountCode,
      create: codes.createCode,
      update: codes.updateCode,
      remove: codes.deleteCode,
      deleted: discountMessages.deleted,
    });
  };
