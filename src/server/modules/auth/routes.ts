import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { emailBody, loginAnswer, loginBody, registerBody, resetBody, signInLinkBody, verifyQuery } from '#shared/schemas/account.ts';
import { messageBody } from '#shared/schemas/common.ts';
import type { AppContext } from '../../platform/context.ts';
import { rateLimited } from '../../platform/security.ts';
import { recordAs, recordChange } from '../audit/audit.ts';
import * as accounts from './accounts.ts';
import { closeSession, SESSION_COOKIE, SESSION_DAYS } from './sessions.ts';
import { clearSignedInHint, setSignedInHint } from './session-plugin.ts';
import { requestSignInLink, signInWithLink } from './sign-in-link.ts';

export const authRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = rateLimited(config.authRateLimit);
    const tags = ['auth'];
    const setSessionCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https:'),
        path: '/',
        maxAge: SESSION_DAYS * 86_400,
      });

    app.post(
      '/auth/register',
      { config: limited, schema: { tags, body: registerBody, response: { 201: messageBody } } },
      async (request, reply) => {
        await accounts.register(db, config.publicUrl, request.body);
        return reply.status(201).send({ message: messages.registered });
      },
    );

    app.get('/auth/verify', { schema: { tags, querystring: verifyQuery, response: { 200: messageBody } } }, async (request) => ({
      message: await accounts.verifyEmail(db, request.query.token),
    }));

    app.post(
      '/auth/resend-verification',
      { config: limited, schema: { tags, body: emailBody, response: { 200: messageBody } } },
      async (request) => {
        await accounts.resendVerification(db, config.publicUrl, request.body.email);
        return { message: messages.verificationResent };
      },
    );

    app.post(
      '/auth/login',
      { config: limited, schema: { tags, body: loginBody, response: { 200: loginAnswer } } },
      async (request, reply) => {
        const context = { publicUrl: config.publicUrl, address: request.ip, maxLockSeconds: config.loginLockMaxSeconds };
        const { token, user } = await accounts.login(db, context, request.body);
        // An admin's sign-in is in the audit log (a customer's is not the owner's record to keep).
        if (user.isAdmin) await recordAs(db, { id: user.id, email: user.email, ip: request.ip }, { entity: 'session', entityId: user.id, action: 'sign-in' });
        setSessionCookie(reply, token);
        setSignedInHint(reply, config.publicUrl);
        return { message: messages.loginSuccessful, user };
      },
    );

    app.post('/auth/logout', { schema: { tags, response: { 200: messageBody } } }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        await db.transaction(async (tx) => {
          await closeSession(tx, token);
          // The guard named the admin of this session as the actor: her sign-out is recorded, a customer's not.
          if (request.sessionUser) await recordChange(tx, { entity: 'session', entityId: request.sessionUser.id, action: 'sign-out' });
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      clearSignedInHint(reply);
      return { message: messages.loggedOut };
    });

    app.post(
      '/auth/forgot-password',
      { config: limited, schema: { tags, body: emailBody, response: { 200: messageBody } } },
      async (request) => {
        await accounts.requestPasswordReset(db, request.body.email);
        return { message: messages.forgotSent };
      },
    );

    app.post(
      '/auth/reset-password',
      { config: limited, schema: { tags, body: resetBody, response: { 200: messageBody } } },
      async (request) => {
        await accounts.resetPassword(db, request.body.token, request.body.newPassword);
        return { message: messages.passwordReset };
      },
    );

    // Decision record 0027: a locked account (the admin's too) can always sign in through a mailed link.
    app.post(
      '/auth/sign-in-link',
      { config: limited, schema: { tags, body: emailBody, response: { 200: messageBody } } },
      async (request) => {
        await requestSignInLink(db, request.body.email);
        return { message: messages.signInLinkSent };
      },
    );

    app.post(
      '/auth/sign-in-link/use',
      { config: limited, schema: { tags, body: signInLinkBody, response: { 200: loginAnswer } } },
      async (request, reply) => {
        const { token, user } = await signInWithLink(db, request.body.token);
        if (user.isAdmin) await recordAs(db, { id: user.id, email: user.email, ip: request.ip }, { entity: 'session', entityId: user.id, action: 'sign-in' });
        setSessionCookie(reply, token);
        setSignedInHint(reply, config.publicUrl);
        return { message: messages.loginSuccessful, user };
      },
    );
  };
