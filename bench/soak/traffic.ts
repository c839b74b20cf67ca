// What the simulated visitors do, through the proxy as a browser would: each flow is one visitor's errand
// (browse, a cart's totals, a checkout paid through the sandbox, an admin edit, a login), every request
// timed and recorded as a Sample.
import { type CheckoutTotals, orderBody } from '../../tests/helpers/checkout.ts';
import { ADMIN } from './layout.ts';
import { below, type FlowKind, type Random, weighted } from './mix.ts';
import { CUSTOMER_PASSWORD, type Catalogue } from './setup.ts';
import type { Sample } from './stats.ts';

type Answer = { status: number; body: unknown; cookie: string | undefined };
type Call = { kind: string; method?: string; path: string; body?: unknown; form?: FormData; cookie?: string; idempotencyKey?: string };

export class Visitors {
  readonly samples: Sample[] = [];
  readonly paid: number[] = [];
  /** Requests sent and not answered yet. */
  inFlight = 0;
  private sessions: (string | undefined)[];
  private adminCookie: string | undefined;
  private claimed = new Set<number>();
  private serial = 0;

  private readonly base: string;
  private readonly catalogue: Catalogue;
  private readonly t0: number;

  constructor(base: string, catalogue: Catalogue, t0: number, seed: number) {
    this.base = base;
    this.catalogue = catalogue;
    this.t0 = t0;
    this.sessions = Array.from({ length: Math.min(20, catalogue.customers.length) }, () => undefined);
    this.serial = seed * 1_000_000;
  }

  /** Signs the admin and a few customers in (their sessions are the ones the flows use). */
  async signIn() {
    this.adminCookie = await this.login(ADMIN.email, ADMIN.password, 'setup');
    for (let i = 0; i < this.sessions.length; i++) this.sessions[i] = await this.login(this.catalogue.customers[i] ?? '', CUSTOMER_PASSWORD, 'setup');
    this.samples.length = 0;
  }

  run(kind: FlowKind, random: Random): Promise<void> {
    switch (kind) {
      case 'browse':
        return this.browse(random);
      case 'cart':
        return this.cart(random).then(() => undefined);
      case 'checkout':
        return this.checkout(random);
      case 'admin':
        return this.admin(random);
      case 'login': {
        const slot = below(random, this.sessions.length);
        return this.login(this.catalogue.customers[slot] ?? '', CUSTOMER_PASSWORD, 'login').then((cookie) => void (this.sessions[slot] = cookie ?? this.sessions[slot]));
      }
    }
  }

  private async browse(random: Random) {
    const { products, services } = this.catalogue;
    const product = products[below(random, products.length)];
    const page = weighted<() => Call>(random, [
      [() => ({ kind: 'page', path: `/produtos/${product}` }), 45],
      [() => ({ kind: 'page', path: weighted(random, [['/produtos', 3], ['/produtos?page=2', 1], ['/produtos-digitais', 1]]) }), 20],
      [() => ({ kind: 'page', path: '/' }), 5],
      [() => ({ kind: 'page', path: services.length && random() < 0.5 ? `/servicos/${services[below(random, services.length)]}` : '/servicos' }), 5],
      // What the browser app asks once it is loaded and the visitor moves on from page to page.
      [() => ({ kind: 'catalogue', path: `/api/product?page=${1 + below(random, 2)}&pageSize=12` }), 15],
      [() => ({ kind: 'catalogue', path: `/api/product/${product}` }), 10],
    ]);
    await this.call(page());
  }

  private async cart(random: Random) {
    const { sold } = this.catalogue;
    const items = Array.from({ length: 1 + below(random, 3) }, (_, i) => ({ product_id: sold[(below(random, sold.length) + i) % sold.length]?.id ?? 0, quantity: 1 + below(random, 2) }));
    const unique = [...new Map(items.map((i) => [i.product_id, i])).values()];
    const totals = await this.call({ kind: 'cart', method: 'POST', path: '/api/order/calculate-totals', body: { items: unique } });
    return { items: unique, totals: totals.body as CheckoutTotals | undefined, ok: totals.status === 200 };
  }

  /** A guest's or a customer's checkout, paid by Multibanco (the sandbox ATM) or MB WAY (the sandbox phone). */
  private async checkout(random: Random) {
    const cart = await this.cart(random);
    if (!cart.ok || !cart.totals) return;
    const slot = below(random, this.sessions.length);
    const customer = random() < 0.4 && this.sessions[slot] ? { cookie: this.sessions[slot], email: this.catalogue.customers[slot] ?? '' } : undefined;
    const email = customer?.email ?? `visitante${(this.serial += 1)}@loja-soak.test`;
    const method = random() < 0.5 ? 'multibanco' : 'mbway';
    const placed = await this.call({
      kind: 'checkout',
      method: 'POST',
      path: '/api/order',
      cookie: customer?.cookie,
      idempotencyKey: `soak-${(this.serial += 1)}`,
      body: orderBody(cart.items, cart.totals, method, { email }),
    });
    if (placed.status !== 201) return;
    const order = placed.body as { id: number; total_price_with_tax: number; accessToken?: string };
    const token = order.accessToken;
    if (!token && !customer) return;
    const cookie = customer?.cookie;
    if (method === 'multibanco') {
      const ref = await this.call({ kind: 'payment', method: 'POST', path: '/api/payment/multibanco', cookie, body: { order_id: order.id, token } });
      if (ref.status !== 200) return;
      const { entity, reference, amount } = ref.body as { entity: string; reference: string; amount: number };
      const paid = await this.call({ kind: 'payment', method: 'POST', path: '/api/payment/sandbox/multibanco', body: { entity, reference, amount } });
      if (paid.status === 200) this.paid.push(order.id);
      return;
    }
    const request = await this.call({
      kind: 'payment',
      method: 'POST',
      path: '/api/payment/mbway',
      cookie,
      body: { order_id: order.id, amount: order.total_price_with_tax, phone_number: '912345678', email, token },
    });
    if (request.status !== 200) return;
    const requestId = String((request.body as { sandboxUrl: string }).sandboxUrl).split('/').at(-1);
    const accepted = await this.call({ kind: 'payment', method: 'POST', path: `/api/payment/sandbox/mbway/${requestId}`, body: { accept: true } });
    if (accepted.status === 200) this.paid.push(order.id);
    await this.call({ kind: 'payment', path: `/api/payment/mbway/status/${order.id}${token ? `?token=${encodeURIComponent(token)}` : ''}`, cookie });
  }

  /** The owner at work: ships a paid order, delivers a shipped one, or edits a product's description. */
  private async admin(random: Random) {
    const cookie = this.adminCookie;
    const task = weighted(random, [['ship', 4], ['deliver', 2], ['product', 4]] as const);
    if (task === 'product') {
      const id = this.catalogue.edited[below(random, this.catalogue.edited.length)];
      const read = await this.call({ kind: 'admin', path: `/api/product/${id}`, cookie });
      if (read.status !== 200) return;
      const p = read.body as { name: string; description: string; order: number; price: number; stock: number };
      const form = new FormData();
      const fields: Record<string, string> = {
        name: p.name,
        description: p.description.endsWith(' (revisto)') ? p.description.slice(0, -10) : `${p.description} (revisto)`,
        order: String(p.order),
        price: String(p.price),
        stock: String(p.stock),
        isDigital: 'false',
        hasVariants: 'false',
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      await this.call({ kind: 'admin', method: 'PUT', path: `/api/product/${id}`, cookie, form });
      return;
    }
    const [from, to] = task === 'ship' ? ['processing', 'shipped'] : ['shipped', 'delivered'];
    const list = await this.call({ kind: 'admin', path: `/api/order?status=${from}&page=1&pageSize=20`, cookie });
    const orders = (list.body as { orders?: { id: number }[] } | undefined)?.orders ?? [];
    // Another admin flow may hold an order of the same page: each order is moved by one flow only.
    const order = orders.find((o) => !this.claimed.has(o.id * 10 + (to === 'shipped' ? 1 : 2)));
    if (!order) return;
    this.claimed.add(order.id * 10 + (to === 'shipped' ? 1 : 2));
    await this.call({ kind: 'admin', method: 'PATCH', path: `/api/order/${order.id}/status`, cookie, body: { status: to } });
  }

  private async login(email: string, password: string, kind: string): Promise<string | undefined> {
    const answer = await this.call({ kind, method: 'POST', path: '/api/auth/login', body: { email, password } });
    if (kind === 'setup' && answer.status !== 200) throw new Error(`sign-in of ${email} answered ${answer.status}`);
    return answer.cookie;
  }

  private async call(c: Call): Promise<Answer> {
    const method = c.method ?? 'GET';
    const headers: Record<string, string> = { origin: this.base };
    if (c.cookie) headers.cookie = c.cookie;
    if (c.idempotencyKey) headers['idempotency-key'] = c.idempotencyKey;
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let answer: Answer = { status: 0, body: undefined, cookie: undefined };
    this.inFlight += 1;
    try {
      const res = await fetch(this.base + c.path, {
        method,
        headers,
        body: c.form ?? (c.body === undefined ? undefined : JSON.stringify(c.body)),
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      const session = res.headers.getSetCookie().find((v) => v.startsWith('loja_session='));
      let body: unknown = undefined;
      if (res.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
      answer = { status: res.status, body, cookie: session?.split(';')[0] };
    } catch {
      // No answer (reset, refused, time-out): status 0, an error.
    } finally {
      this.inFlight -= 1;
    }
    const sample: Sample = { at: started - this.t0, ms: performance.now() - started, kind: c.kind, method, status: answer.status, retryable: method === 'GET' || method === 'HEAD' };
    const why = answer.status >= 400 ? errorCode(answer.body) : undefined;
    if (why) sample.why = why;
    this.samples.push(sample);
    return answer;
  }
}

/** What an error answer says it is: the shop's `code`, or its message (a proxy's own answer has neither). */
function errorCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && code) return code;
  return typeof message === 'string' ? message.slice(0, 80) : undefined;
}
