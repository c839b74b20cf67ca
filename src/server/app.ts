import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { errorBody } from '#shared/schemas/common.ts';
import type { Config } from './config.ts';
import { databaseAnswers, type Database } from './db/client.ts';
import { registerAuthJobs } from './modules/auth/accounts.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { SESSION_COOKIE } from './modules/auth/sessions.ts';
import { sessionPlugin } from './modules/auth/session-plugin.ts';
import { userRoutes } from './modules/users/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { registerRetentionPurge } from './modules/privacy/retention-purge.ts';
import { CatalogAnswers } from './modules/catalog/catalog-answers.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { registerRestockJobs } from './modules/catalog/restock-alerts.ts';
import { restockRoutes } from './modules/catalog/restock-routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { registerNewsletterJobs } from './modules/newsletter/sending.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { followOrders } from './modules/orders/followers.ts';
import { createGateway, paymentsFollower, registerPaymentJobs } from './modules/payments/index.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { createInvoicing, invoicingFollower, registerInvoicingJobs } from './modules/invoicing/index.ts';
import { registerShopMailJobs } from './modules/orders/shop-mails.ts';
import { mailsNewOrders } from './modules/overview/settings.ts';
import { invoicingRoutes, mbwayRefunds } from './modules/invoicing/routes.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { appShellPages } from './modules/seo/app-shell.ts';
import { cartFormRoutes, cartRoutes } from './modules/cart/routes.ts';
import { CART_COOKIE } from '#shared/cart.ts';
import type { Renderer } from './modules/seo/server-render.ts';
import { crawlerRoutes, seoRoutes } from './modules/seo/routes.ts';
import { serviceRoutes } from './modules/services/routes.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { discountRoutes } from './modules/discounts/routes.ts';
import { taxRoutes } from './modules/tax/routes.ts';
import { MAX_IMAGE_BYTES } from '#shared/schemas/catalog.ts';
import type { AppContext } from './platform/context.ts';
import { notFoundBody, registerErrorHandling } from './platform/errors.ts';
import { routeGuard } from './platform/guards.ts';
import { JobRunner, kickAfterChanges } from './platform/jobs.ts';
import { createMailer, type Mailer, registerMailJob } from './platform/mail.ts';
import { loggerOptions } from './platform/logging.ts';
import { openApiOptions } from './platform/openapi.ts';
import { registerInputHygiene } from './platform/validation.ts';
import { registerSecurity, shopSecurityHeaders } from './platform/security.ts';
import { registerRequestContext } from './platform/request-context.ts';
import { overviewRoutes } from './modules/overview/routes.ts';
import { recordRefusal } from './modules/audit/audit.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { paymentsUnansweredSince } from './modules/payments/silence.ts';
import { type OpsWatch, opsRoutes } from './platform/ops-alerts.ts';
import { registerOperations } from './platform/operations.ts';
import { requestAnswered } from './platform/metrics.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The storefront's server render, when not the built one next to webDist (tests render from the sources). */
  renderer?: Renderer;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    mailer: Mailer;
    /** Set when the process is about to stop: it still serves, but tells the proxy to send no more. */
    draining: boolean;
    /** Listening on a socket systemd handed over (main.ts), rather than on a port of its own. */
    socketHandedOver: boolean;
    /** Looks for what the owner must hear of (mails failing, the queue stuck...) and mails her (issue #31). */
    opsWatch: OpsWatch;
  }
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** What the modules' routes need beside the app's context: the engines and providers built once by `buildApp`. */
type RouteParts = {
  database: Database;
  catalogAnswers: CatalogAnswers;
  paymentGateway: ReturnType<typeof createGateway>;
  invoicing: ReturnType<typeof createInvoicing>;
  opsSources: Parameters<typeof opsRoutes>[1];
};

/** Every module's routes under /api, each module describing its own. */
async function registerModuleRoutes(api: FastifyInstance, context: AppContext, parts: RouteParts) {
  await api.register(authRoutes(context));
  await api.register(userRoutes(context));
  await api.register(privacyRoutes(context));
  await api.register(catalogRoutes(context, parts.database, parts.catalogAnswers));
  await api.register(restockRoutes(context));
  await api.register(searchRoutes(context));
  await api.register(mediaRoutes(context));
  await api.register(orderRoutes(context));
  await api.register(cartRoutes(context));
  await api.register(shippingRoutes(context));
  await api.register(discountRoutes(context));
  await api.register(taxRoutes(context));
  await api.register(newsletterRoutes(context));
  await api.register(paymentRoutes(context, parts.paymentGateway));
  await api.register(invoicingRoutes(context, parts.paymentGateway, parts.invoicing));
  // A withdrawal's refund goes through the order's refund path, with the same gateway and credit notes.
  await api.register(withdrawalRoutes(context, { mbway: mbwayRefunds(parts.paymentGateway), creditNotes: parts.invoicing ? 'provider' : 'shop' }));
  await api.register(contentRoutes(context));
  await api.register(contactRoutes(context));
  await api.register(seoRoutes(context));
  await api.register(serviceRoutes(context));
  await api.register(overviewRoutes(context));
  await api.register(auditRoutes(context));
  await api.register(opsRoutes(context.db, parts.opsSources));
}

/** The whole app, without `listen`: main.ts and the tests both build it here. */
export async function buildApp({ config, database, logger, renderer }: BuildOptions) {
  const catalogAnswers = new CatalogAnswers(database.db, shopSecurityHeaders(config));
  const app = Fastify({
    // A repeat of a cached catalogue call is answered at the server's door, before Fastify makes a request of it
    // (decision 0057); the server is otherwise the one Fastify would make, with its timeouts.
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        if (!catalogAnswers.serve(request, response, app.draining, (route, status, seconds) => requestAnswered('GET', route, status, seconds))) handler(request, response);
      });
      // Fastify's defaults, which it has filled in by now (72 s of keep-alive, no request or connection timeout).
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      server.setTimeout(Number(options.connectionTimeout));
      return server;
    },
    // Whatever logger a caller gives (a test's stream), the redaction of secrets stays.
    logger: logger === false ? false : { ...loggerOptions(config.logLevel), ...(typeof logger === 'object' ? logger : {}) },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A number of proxies means: believe that many hops of X-Forwarded-For, counted from ours.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Stop taking requests on close, but let those in flight finish, and answer those that still come on an
    // open connection (with `Connection: close`, main.ts) rather than a 503 (decision 0058).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The first hook: the same answer for requests made with app.inject, which do not pass the server (catalog-answers.ts).
  app.addHook('onRequest', catalogAnswers.shortcut);
  registerRequestContext(app);
  registerErrorHandling(app);
  registerInputHygiene(app);
  const { db } = database;
  const jobs = new JobRunner(db, app.log, config.jobPollMs);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: join(config.dataDir, 'mail'),
    identity: config.shop,
    replyTo: config.shop.email,
    log: app.log,
    // The watch (decorated below, once this mailer exists) hears whether each message went.
    onOutcome: (ok) => app.opsWatch.mailOutcome(ok),
  });
  registerMailJob(jobs, mailer);
  registerNewsletterJobs(jobs, { db, mailer, publicUrl: config.publicUrl, sendPerMinute: config.newsletter.sendPerMinute, log: app.log });
  registerAuthJobs(jobs, { db, publicUrl: config.publicUrl });
  registerRestockJobs(jobs, { db, publicUrl: config.publicUrl });
  const paymentGateway = createGateway(config);
  registerPaymentJobs(jobs, { db, config, gateway: paymentGateway });
  // The modules that follow orders say how (decision 0034): orders imports neither of them.
  followOrders({ payments: paymentsFollower, invoicing: invoicingFollower });
  const invoicing = createInvoicing(config);
  registerInvoicingJobs(jobs, { db, publicUrl: config.publicUrl, invoicing });
  // What the terms promise to keep no longer is deleted once a day (decision 0041).
  registerRetentionPurge(jobs, { db, log: app.log });
  registerShopMailJobs(jobs, { db, publicUrl: config.publicUrl, to: config.shopEmail ?? config.shop.email, mailNewOrders: () => mailsNewOrders(db) });
  app.decorate('jobs', jobs);
  kickAfterChanges(app, jobs);
  app.decorate('mailer', mailer);
  app.decorate('draining', false);
  app.decorate('socketHandedOver', false);
  const opsSources = { paymentsUnansweredSince };
  const opsWatch = registerOperations(app, { config, database, jobs, mailer, sources: opsSources });
  app.decorate('opsWatch', opsWatch);
  app.addHook('onClose', async () => {
    opsWatch.stop();
    await jobs.stop();
    mailer.close();
  });

  // Text answers (pages, API JSON, XML, robots.txt) compressed as the client accepts, brotli first; built
  // assets go out as the .br/.gz files the build wrote beside them (preCompressed below), and the cached
  // catalogue answers carry their own encodings (catalog-cache.ts). Before every route, so its hook covers them.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 12, fields: 40, fieldSize: 200_000, parts: 60 } });
  const security = await registerSecurity(app, config);
  await app.register(
    swagger,
    openApiOptions(config, {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'A sessão de um utilizador com conta.' },
      adminSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'A sessão de um administrador.' },
    }),
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const context: AppContext = { db, config };
  await app.register(
    async (api) => {
      await api.register(sessionPlugin, { db, publicUrl: config.publicUrl });
      await api.register(routeGuard, {
        onRefused: (request, status) =>
          recordRefusal(db, {
            ip: request.ip,
            method: request.method,
            route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
            status,
            user: request.sessionUser ? { id: request.sessionUser.id, email: request.sessionUser.email } : null,
          }),
      });
      api.get('/health', { schema: { tags: ['platform'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
        status: 'ok' as const,
      }));
      const readiness = z.object({ status: z.enum(['ready', 'degraded']), redis: z.literal('down').optional() });
      api.get('/ready', { schema: { tags: ['platform'], response: { 200: readiness, 503: errorBody } } }, async (_request, reply) => {
        // A draining process says so, so the proxy moves its traffic first; not one on a socket systemd holds,
        // which outlives it and which another process accepts on too (decision 0058): it only needs the proxy's
        // connections to it to end (`Connection: close` on every answer while it drains, main.ts).
        if (app.draining && !app.socketHandedOver) return reply.status(503).send({ message: messages.unavailable, error: messages.unavailable, code: 'DRAINING' });
        // Without Redis the shop still sells (limits count per process): ready, but say it is degraded.
        if (await databaseAnswers(db)) return security.redisState() === 'down' ? { status: 'degraded', redis: 'down' } : { status: 'ready' };
        return reply.status(503).send({ message: messages.unavailable, error: messages.unavailable, code: 'NOT_READY' });
      });
      await registerModuleRoutes(api, context, { database, catalogAnswers, paymentGateway, invoicing, opsSources });
    },
    { prefix: '/api' },
  );
  // Before the single-page app's fallback: crawlers get the files, not the app's HTML.
  await app.register(crawlerRoutes(context));
  await app.register(cartFormRoutes(context));

  const webDist = config.webDist;
  const servesWeb = Boolean(webDist && existsSync(join(webDist, 'index.html')));
  if (servesWeb) {
    await app.register(fastifyStatic, {
      root: webDist as string,
      // Files are looked up per request, so a rebuild's new assets are served without a restart.
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        // Vite names assets by content hash: they never change under the same URL.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Unknown API paths are a JSON 404; any other GET is a page of the app, the storefront's rendered here with
  // their head (title, description, canonical, Open Graph, JSON-LD) and status, as the route table says.
  const pages = servesWeb
    ? appShellPages({
        webDist: webDist as string,
        publicUrl: config.publicUrl,
        log: app.log,
        demoPayments: config.payments.gateway === 'sandbox',
        inject: (opts) => app.inject(opts),
        renderTimeoutMs: config.pageRenderTimeoutMs,
        renderer,
      })
    : undefined;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Only the cart's cookie reaches the render: the page is rendered as a visitor with no session sees it.
    const cart = request.cookies[CART_COOKIE];
    const page = await pages?.render(request.url, cart ? `${CART_COOKIE}=${cart}` : '');
    // The cart page is the visitor's own: no shared cache keeps it.
    reply.header('cache-control', cart ? 'private, no-cache' : 'no-cache');
    if (page === undefined) return reply.sendFile('index.html');
    if (page.status === 503) reply.header('retry-after', '5');
    return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  };
  // The static files answer a directory with 403; the home page is the app.
  if (pages) app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing file (an old build's asset) is a 404, not the app's HTML under a script's URL.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '') || request.url.startsWith('/assets/');
    if (!pages || isApi || isFile || request.method !== 'GET') return reply.status(404).send(notFoundBody());
    return sendPage(request, reply);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
