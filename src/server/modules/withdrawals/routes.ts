import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import {
  withdrawal,
  withdrawalAccessQuery,
  withdrawalAnswer,
  withdrawalBody,
  withdrawalLinkBody,
  withdrawalMessages,
  withdrawalOverview,
  withdrawalPage,
  withdrawalRefundBody,
  withdrawalsQuery,
} from '#shared/schemas/withdrawals.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly, guardedUser } from '../../platform/guards.ts';
import { rateLimited } from '../../platform/security.ts';
import type { RefundContext } from '../orders/refunds.ts';
import { viewerOf } from '../orders/for-withdrawals.ts';
import { listWithdrawals, refundWithdrawal } from './admin.ts';
import { sendWithdrawalLink } from './link.ts';
import { withdraw, type WithdrawalContext, withdrawalOverview as overviewOf } from './withdrawals.ts';

/** The withdrawal function (issue #28): the customer's two steps, the footer's link, the owner's list and refund. */
export const withdrawalRoutes =
  ({ db, config }: AppContext, refunds: Omit<RefundContext, 'db' | 'publicUrl'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['withdrawals'];
    const ctx: WithdrawalContext = { db, publicUrl: config.publicUrl, returnAddress: `${config.shop.legalName}, ${config.shop.address}` };
    const viewer = (request: { sessionUser: { id: number; isAdmin: boolean } | null }, token?: string) => viewerOf(request.sessionUser, token);

    app.get(
      '/order/:id/withdrawal',
      { schema: { tags, params: idParam, querystring: withdrawalAccessQuery, response: { 200: withdrawalOverview } } },
      async (request) => overviewOf(ctx, request.params.id, viewer(request, request.query.token)),
    );

    app.post(
      '/order/:id/withdrawal',
      { schema: { tags, params: idParam, querystring: withdrawalAccessQuery, body: withdrawalBody, response: { 200: withdrawalAnswer, 201: withdrawalAnswer } } },
      async (request, reply) => {
        const { answer, created } = await withdraw(ctx, request.params.id, viewer(request, request.query.token), request.body, request.ip);
        return reply.status(created ? 201 : 200).send(answer);
      },
    );

    app.post(
      '/withdrawal/link',
      { config: rateLimited(config.contactRateLimit), schema: { tags, body: withdrawalLinkBody, response: { 200: messageBody } } },
      async (request) => {
        await sendWithdrawalLink(db, config.publicUrl, request.body.order_id, request.body.email);
        return { message: withdrawalMessages.linkSent };
      },
    );

    app.get('/withdrawals', { config: adminOnly, schema: { tags, querystring: withdrawalsQuery, response: { 200: withdrawalPage } } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listWithdrawals(db, request.query);
    });

    app.post(
      '/withdrawals/:id/refund',
      { config: adminOnly, schema: { tags, params: idParam, body: withdrawalRefundBody, response: { 200: withdrawal } } },
      async (request) => {
        const { withdrawal: refunded } = await refundWithdrawal(db, { db, publicUrl: config.publicUrl, ...refunds }, request.params.id, guardedUser(request).id, request.body);
        return refunded;
      },
    );
  };
