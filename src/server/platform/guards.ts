import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from './errors.ts';

export type SessionUser = {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  tokenHash: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthenticated();
  return request.sessionUser;
}

/** Every admin call passes here on the server; the hidden button in the browser is only comfort. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden();
  return user;
}
