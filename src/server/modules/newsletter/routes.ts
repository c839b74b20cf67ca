import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '#shared/schemas/common.ts';
import {
  newsletterContent,
  newsletterContentBody,
  newsletterMessages,
  newsletterTokenQuery,
  sendHistory,
  sendSwitch,
  sendSwitchAnswer,
  sendSwitchBody,
  subscribeBody,
  subscriberList,
  subscriberParam,
} from '#shared/schemas/newsletter.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly, guardedUser } from '../../platform/guards.ts';
import { rateLimited } from '../../platform/security.ts';
import * as campaign from './campaign.ts';
import * as subscriptions from './subscriptions.ts';

export const newsletterRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['newsletter'];
    const limited = rateLimited(config.newsletter.rateLimit);

    // Mail providers' one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058); the
    // token in the URL is all that matters, so the body is read and ignored. Scoped to this module.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.post('/newsletter', { config: limited, schema: { tags, body: subscribeBody, response: { 200: messageBody } } }, async (request) => {
      await subscriptions.subscribe(db, config.publicUrl, request.body.email, request.ip);
      return { message: newsletterMessages.subscribed };
    });

    app.get('/newsletter/verify', { schema: { tags, querystring: newsletterTokenQuery, response: { 200: messageBody } } }, async (request) => ({
      message: await subscriptions.confirm(db, request.query.token),
    }));

    app.get(
      '/newsletter/unsubscribe',
      { schema: { tags, querystring: newsletterTokenQuery, response: { 200: messageBody } } },
      async (request) => ({ message: await subscriptions.unsubscribe(db, request.query.token) }),
    );

    // No session and no cookie: the token is the proof, so a provider's server (any origin) may call it.
    app.post(
      '/newsletter/unsubscribe',
      { config: { anyOrigin: true }, schema: { tags, querystring: newsletterTokenQuery, response: { 200: messageBody } } },
      async (request) => ({ message: await subscriptions.unsubscribe(db, request.query.token) }),
    );

    app.get('/newsletter/subscribers', { config: adminOnly, schema: { tags, response: { 200: subscriberList } } }, async () =>
      subscriptions.listSubscribers(db),
    );

    app.delete('/newsletter/:email', { config: adminOnly, schema: { tags, params: subscriberParam, response: { 200: messageBody } } }, async (request) => {
      await subscriptions.deleteSubscriber(db, request.params.email);
      return { message: newsletterMessages.subscriberDeleted };
    });

    app.get('/newsletter/content', { config: adminOnly, schema: { tags, response: { 200: newsletterContent } } }, async () => campaign.getContent(db));

    app.put('/newsletter/content', { config: adminOnly, schema: { tags, body: newsletterContentBody, response: { 200: newsletterContent } } }, async (request) =>
      campaign.saveContent(db, request.body),
    );

    app.get('/newsletter/isToSend', { config: adminOnly, schema: { tags, response: { 200: sendSwitch } } }, async () => ({
      isToSend: await campaign.isToSend(db),
    }));

    app.put('/newsletter/isToSend', { config: adminOnly, schema: { tags, body: sendSwitchBody, response: { 200: sendSwitchAnswer } } }, async (request) => {
      const { started: _, ...answer } = await campaign.switchSending(db, request.body?.isToSend);
      return answer;
    });

    app.post('/newsletter/test', { config: adminOnly, schema: { tags, response: { 200: messageBody } } }, async (request) => ({
      message: await campaign.sendTest(db, guardedUser(request).email),
    }));

    app.get('/newsletter/sends', { config: adminOnly, schema: { tags, response: { 200: sendHistory } } }, async () => campaign.sendHistory(db));
  };
