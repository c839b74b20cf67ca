import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNED_IN_HINT } from '#shared/session-hint.ts';
import type { Db } from '../../db/client.ts';
import { SESSION_COOKIE, SESSION_DAYS, sessionUser } from './sessions.ts';

/** The readable "signed in" hint beside the session cookie (src/shared/session-hint.ts), for as long as a session lasts. */
export function setSignedInHint(reply: FastifyReply, publicUrl: string) {
  reply.setCookie(SIGNED_IN_HINT, '1', { httpOnly: false, sameSite: 'lax', secure: publicUrl.startsWith('https:'), path: '/', maxAge: SESSION_DAYS * 86_400 });
}

export function clearSignedInHint(reply: FastifyReply) {
  reply.clearCookie(SIGNED_IN_HINT, { path: '/' });
}

/**
 * Resolves the session cookie to `request.sessionUser` for every API request, and keeps the signed-in hint
 * in step with it: given back to a live session that lacks it, taken from a browser whose session ended.
 */
export const sessionPlugin = fp<{ db: Db; publicUrl: string }>(async (app, { db, publicUrl }) => {
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) request.sessionUser = await sessionUser(db, token);
    const hinted = request.cookies[SIGNED_IN_HINT] !== undefined;
    if (request.sessionUser && !hinted) setSignedInHint(reply, publicUrl);
    else if (!request.sessionUser && hinted) clearSignedInHint(reply);
  });
});
