import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import { invoicingMessages, issuedElsewhereBody, pendingDocuments, refundBody, resolveRefundBody } from '#shared/schemas/invoicing.ts';
import { order, orderAccessQuery } from '#shared/schemas/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { adminOnly, guardedUser } from '../../platform/guards.ts';
import { viewerOf } from '../orders/order-records.ts';
import { GatewayError, type PaymentGateway } from '../payments/gateway.ts';
import { documentPdf, type InvoicingContext, pendingDocuments as listPending, retryDocument } from './invoices.ts';
import type { Invoicing } from './invoicing.ts';
import { markIssuedElsewhere } from './issued-elsewhere.ts';
import { type MbwayRefunds, RefundRefused, resolveRefund, settleRefund } from '../orders/refunds.ts';

/** MB WAY refunds through the payments module's gateway, its refusals in the refunds' words. */
export const mbwayRefunds = (gateway: PaymentGateway): MbwayRefunds => ({
  enabled: gateway.refundsMbway,
  refund: async (request) => {
    try {
      return await gateway.refundMbway(request);
    } catch (err) {
      if (err instanceof GatewayError && err.refused) throw new RefundRefused(err.message);
      throw err;
    }
  },
});

const rowId = z.coerce.number().int().positive().max(2_147_483_647);

/** The paperwork's calls: refunds from the order page (and resolving one left waiting on ifthenpay), "Faturas por emitir" and its retries, the documents' PDFs. */
export const invoicingRoutes =
  ({ db, config }: AppContext, gateway: PaymentGateway, invoicing: Invoicing | null): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['invoicing'];
    const ctx: InvoicingContext = { db, publicUrl: config.publicUrl, invoicing };
    const creditNotes = invoicing ? 'provider' : 'shop';

    app.post(
      '/order/:id/refund',
      { config: adminOnly, schema: { tags, params: idParam, body: refundBody, response: { 200: order } } },
      async (request) =>
        settleRefund({ db, publicUrl: config.publicUrl, mbway: mbwayRefunds(gateway), creditNotes }, request.params.id, guardedUser(request).id, request.body),
    );

    // An MB WAY refund left 'requested' by a process that stopped: the owner says what ifthenpay's back office shows.
    app.post(
      '/order/:id/refunds/:refundId/resolve',
      { config: adminOnly, schema: { tags, params: idParam.extend({ refundId: rowId }), body: resolveRefundBody, response: { 200: order } } },
      async (request) =>
        resolveRefund({ db, publicUrl: config.publicUrl, creditNotes }, request.params.id, request.params.refundId, guardedUser(request).id, request.body),
    );

    app.get('/invoice/pending', { config: adminOnly, schema: { tags, response: { 200: pendingDocuments } } }, async () => listPending(ctx));

    app.post('/order/:id/invoice/retry', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await retryDocument(ctx, { orderId: request.params.id });
      return { message: invoicingMessages.retryQueued };
    });

    // No provider: the owner issued the invoice in her own program and gives its number.
    app.post(
      '/order/:id/invoice/issued',
      { config: adminOnly, schema: { tags, params: idParam, body: issuedElsewhereBody, response: { 200: messageBody } } },
      async (request) => {
        await markIssuedElsewhere(ctx, request.params.id, request.body.number);
        return { message: invoicingMessages.issuedElsewhere };
      },
    );

    app.post(
      '/order/:id/refunds/:refundId/credit-note/retry',
      { config: adminOnly, schema: { tags, params: idParam.extend({ refundId: rowId }), response: { 200: messageBody } } },
      async (request) => {
        await retryDocument(ctx, { refundId: request.params.refundId });
        return { message: invoicingMessages.retryQueued };
      },
    );

    app.get(
      '/order/:id/documents/:documentId/pdf',
      { schema: { tags, params: idParam.extend({ documentId: rowId }), querystring: orderAccessQuery } },
      async (request, reply) => {
        const url = await documentPdf(ctx, request.params.id, request.params.documentId, viewerOf(request.sessionUser, request.query.token));
        if (!url) throw new AppError(503, 'DOCUMENT_NOT_READY', invoicingMessages.pdfNotReady);
        return reply.header('cache-control', 'private, no-store').redirect(url, 302);
      },
    );
  };
