import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { SESSION_COOKIE, sessionUser } from './sessions.ts';

/** Resolves the session cookie to `request.sessionUser` for every API request. */
export const sessionPlugin = fp<{ db: Db }>(async (app, { db }) => {
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) request.sessionUser = await sessionUser(db, token);
  });
});
