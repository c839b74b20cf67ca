import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Who is acting in this request, for the audit log: an admin's id and e-mail, and the address she called from. */
export type Actor = { id: number; email: string; ip: string };

type RequestContext = { actor?: Actor };

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Gives every request a context that follows it through its hooks, handler and queries (AsyncLocalStorage),
 * so a change deep in a module knows who made it without every function passing it along.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (_request, _reply, done) => storage.run({}, done));
}

/** Records the admin acting in the current request (the route guard does, once it has checked her). */
export function actAs(actor: Actor) {
  const context = storage.getStore();
  if (context) context.actor = actor;
}

/** The admin acting in the current request; none for customers, visitors and background jobs. */
export const currentActor = (): Actor | undefined => storage.getStore()?.actor;
