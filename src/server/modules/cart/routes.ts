import formBody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_COOKIE, CART_COOKIE_MAX_AGE, type CartRef, cartRefs, decodeCartCookie, encodeCartCookie } from '#shared/cart.ts';
import { paths } from '#shared/paths.ts';
import { cartAddForm, cartAnswer, cartLineForm, cartQuery } from '#shared/schemas/cart.ts';
import type { AppContext } from '../../platform/context.ts';
import { addToCart, cartLines, cartTotals, setLine } from './cart.ts';

/** `GET /api/cart`: the lines of a cart cookie's value, as the cart page shows them (decision 0056). */
export const cartRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/cart', { schema: { tags: ['orders'], querystring: cartQuery, response: { 200: cartAnswer } } }, async (request) => {
      const items = await cartLines(db, decodeCartCookie(request.query.lines));
      return { lines: encodeCartCookie(cartRefs(items)), items, totals: await cartTotals(db, items) };
    });
  };

/**
 * The storefront's buying controls as forms (decision 0056): they work from the first paint and without JavaScript.
 * Each reads the cart cookie, changes it and answers the cart page (303); the app, once running, does the same in
 * the browser and keeps the cookie in step with local storage. Outside /api: they answer pages, not JSON.
 */
export const cartFormRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(formBody, { bodyLimit: 4096 });
    const secure = config.publicUrl.startsWith('https:');
    const schema = { hide: true };
    const cartOf = (request: FastifyRequest) => decodeCartCookie(request.cookies[CART_COOKIE]);
    const answer = (reply: FastifyReply, refs: readonly CartRef[], to: string) =>
      reply
        .setCookie(CART_COOKIE, encodeCartCookie(refs), { path: '/', maxAge: CART_COOKIE_MAX_AGE, sameSite: 'lax', secure, httpOnly: false })
        .header('cache-control', 'no-store')
        .redirect(to, 303);

    app.post(paths.cartAdd, { schema: { ...schema, body: cartAddForm } }, async (request, reply) => {
      const { product_id: productId, variant_id: variantId, quantity } = request.body;
      const refs = cartOf(request);
      const added = await addToCart(db, refs, { productId, variantId: variantId ?? null, quantity: Math.max(1, quantity) });
      if (added === 'gone') return reply.redirect(paths.products, 303);
      // A variant to choose, or nothing left: the product's page says which, and its form asks.
      if (added === 'choose') return reply.redirect(paths.product(productId), 303);
      return answer(reply, added.refs, `${paths.cart}?adicionado=${encodeURIComponent(added.lineId)}`);
    });

    app.post(paths.cartChange, { schema: { ...schema, body: cartLineForm } }, async (request, reply) => {
      const { product_id: productId, variant_id: variantId, quantity } = request.body;
      const target = { productId, variantId: variantId ?? null };
      // Never more than the stock the shop has now (the page then says the quantity was adjusted).
      const [line] = await cartLines(db, [{ ...target, quantity: 1 }]);
      const allowed = line ? Math.min(quantity, line.stock ?? 1) : 0;
      return answer(reply, setLine(cartOf(request), target, allowed), paths.cart);
    });

    app.post(paths.cartRemove, { schema: { ...schema, body: cartLineForm.omit({ quantity: true }) } }, async (request, reply) => {
      const { product_id: productId, variant_id: variantId } = request.body;
      return answer(reply, setLine(cartOf(request), { productId, variantId: variantId ?? null }, 0), paths.cart);
    });
  };
