import type { FastifyInstance } from 'fastify';
import { paths } from '#shared/paths.ts';

/**
 * A fresh process renders its first pages several times slower than a warm one: the server render's code is
 * compiled on first use and optimised only after it has run a while, and the catalogue's answers are not yet
 * kept. Given its share of the traffic at once (the process it replaces on the socket stopping, an upgrade), it
 * answered page renders past their deadline (decision 0058). So before it listens, a process renders the
 * storefront's pages, one of each kind, a few rounds, as a shopper would ask for them.
 */
export type WarmUp = { pages: string[]; rounds: number; ms: number; firstRoundMs: number; lastRoundMs: number };

/** One page of each kind the storefront renders on the server: the first product, service and collection shown. */
async function storefrontPages(app: FastifyInstance): Promise<string[]> {
  const read = async <T>(url: string): Promise<T | undefined> => {
    const answer = await app.inject({ method: 'GET', url });
    return answer.statusCode === 200 ? answer.json<T>() : undefined;
  };
  const products = await read<{ rows: { id: number }[] }>('/api/product?page=1&pageSize=1');
  const services = await read<{ id: number }[]>('/api/service');
  const collections = await read<{ slug: string }[]>('/api/collection');
  const product = products?.rows[0];
  const service = services?.[0];
  const collection = collections?.[0];
  return [
    paths.home,
    paths.products,
    paths.services,
    paths.contact,
    ...(product ? [paths.product(product.id)] : []),
    ...(service ? [paths.service(service.id)] : []),
    ...(collection ? [paths.collection(collection.slug)] : []),
  ];
}

/** Renders the storefront's pages `rounds` times, or for `budgetMs` at most. */
export async function warmUp(app: FastifyInstance, { rounds = 5, budgetMs = 5000 } = {}): Promise<WarmUp> {
  const started = performance.now();
  const pages = await storefrontPages(app);
  const times: number[] = [];
  while (times.length < rounds && performance.now() - started < budgetMs) {
    const round = performance.now();
    // As a browser asks: the catalogue's answers are kept compressed the way it accepts.
    for (const url of pages) await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    times.push(performance.now() - round);
  }
  return { pages, rounds: times.length, ms: performance.now() - started, firstRoundMs: times[0] ?? 0, lastRoundMs: times.at(-1) ?? 0 };
}
