import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '#shared/schemas/common.ts';
import { dataRequestBody, eraseAccountBody, erasureAnswer, personalData, privacyMessages } from '#shared/schemas/privacy.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly, guardedUser, signedIn } from '../../platform/guards.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { eraseOwnAccount, sendErasureLink } from './account-erasure.ts';
import { eraseForRequest, exportForRequest } from './data-requests.ts';
import { EXPORT_PAGE_POLICY, personalDataPage } from './export-page.ts';
import { collectPersonalData } from './personal-data.ts';

/* Her data on request (issue #28): her export and erasure in /perfil, and the owner's "Pedido RGPD". */

export const privacyRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['users'];
    const mine = async (userId: number, email: string) => collectPersonalData(db, { userId, email });

    app.get('/user/me/export', { config: signedIn, schema: { tags, response: { 200: personalData } } }, async (request, reply) => {
      const user = guardedUser(request);
      reply.header('content-disposition', 'attachment; filename="os-meus-dados.json"').header('cache-control', 'no-store');
      return mine(user.id, user.email);
    });

    app.get('/user/me/export.html', { config: signedIn, schema: { tags } }, async (request, reply) => {
      const user = guardedUser(request);
      return reply.header('cache-control', 'no-store').header('content-security-policy', EXPORT_PAGE_POLICY).type('text/html; charset=utf-8').send(personalDataPage(await mine(user.id, user.email)));
    });

    app.post('/user/me/erase-link', { config: signedIn, schema: { tags, response: { 200: messageBody, 409: errorBody } } }, async (request) => {
      await sendErasureLink(db, config.publicUrl, guardedUser(request).id);
      return { message: privacyMessages.linkSent };
    });

    app.delete('/user/me', { config: signedIn, schema: { tags, body: eraseAccountBody, response: { 200: erasureAnswer, 409: errorBody } } }, async (request, reply) => {
      const answer = await eraseOwnAccount(db, guardedUser(request).id, request.body);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return answer;
    });

    app.post('/user/data-request/export', { config: adminOnly, schema: { tags, body: dataRequestBody, response: { 200: personalData } } }, async (request) =>
      exportForRequest(db, request.body.email),
    );

    app.post(
      '/user/data-request/erase',
      { config: adminOnly, schema: { tags, body: dataRequestBody, response: { 200: erasureAnswer, 409: errorBody } } },
      async (request) => eraseForRequest(db, request.body.email),
    );
  };
