import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from './errors.ts';
import { actAs } from './request-context.ts';

export type SessionUser = {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  tokenHash: string;
};

/** Who may call a route: anyone (no audience), a signed-in user, or an admin. */
export type Audience = 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyContextConfig {
    audience?: Audience;
  }
}

/** Route options' `config` of a route for signed-in users only. */
export const signedIn = { audience: 'signed-in' } as const satisfies { audience: Audience };
/** Route options' `config` of a back-office route. */
export const adminOnly = { audience: 'admin' } as const satisfies { audience: Audience };

/** Told of every refused call to a guarded route (the audit log records the admin ones); its failure changes no answer. */
export type RefusalListener = (request: FastifyRequest, status: 401 | 403) => Promise<void>;

/** The OpenAPI security scheme that documents each audience (the session cookie, of a user or of an admin). */
const securityScheme: Record<Audience, string> = { 'signed-in': 'session', admin: 'adminSession' };

/**
 * Every route's audience is checked here, in `onRequest`: before the body is read or validated, so a
 * visitor gets 401 and a customer 403, never a 400 describing an admin body. Registered after the session
 * plugin. The hidden button in the browser is only comfort; this is the check.
 */
export const routeGuard = fp<{ onRefused?: RefusalListener }>(async (app, { onRefused }) => {
  const refuse = async (request: FastifyRequest, status: 401 | 403) => {
    if (onRefused && request.routeOptions.config?.audience === 'admin') {
      await onRefused(request, status).catch((err: unknown) => request.log.error({ err }, 'refused call not recorded'));
    }
    return status === 401 ? unauthenticated() : forbidden();
  };
  app.addHook('onRoute', (route) => {
    const audience = route.config?.audience;
    if (audience && route.schema) route.schema = { ...route.schema, security: [{ [securityScheme[audience]]: [] }] };
  });
  app.addHook('onRequest', async (request) => {
    // An admin's changes are recorded in the audit log under her name and address.
    if (request.sessionUser?.isAdmin) actAs({ id: request.sessionUser.id, email: request.sessionUser.email, ip: request.ip });
    const audience = request.routeOptions.config?.audience;
    if (!audience) return;
    if (!request.sessionUser) throw await refuse(request, 401);
    if (audience === 'admin' && !request.sessionUser.isAdmin) throw await refuse(request, 403);
  });
});

/** The user of a guarded route (its audience already checked, so always there). */
export function guardedUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthenticated();
  return request.sessionUser;
}
