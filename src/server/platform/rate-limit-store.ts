import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;
type Store = {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
};
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's own two stores (CommonJS files without types of their own).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;

/**
 * Counters in Redis, shared by every app process, while Redis answers; in this process's memory while it
 * does not. A Redis outage then weakens the limits to one process's view instead of switching them off.
 */
export function redisWithFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements FastifyRateLimitStore {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(options: FastifyRateLimitOptions, stores?: { shared: Store; local: Store }) {
      // The plugin hands its stores its resolved settings, these two among them.
      const { continueExceeding = false, exponentialBackoff = false } = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      if (redis.status !== 'ready') return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(key, (error, result) => (error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)), timeWindow, max);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new FallbackStore(routeOptions as FastifyRateLimitOptions, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }
  }
  return FallbackStore;
}
