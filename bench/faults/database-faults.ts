// Scenarios 1 and 3: the shop's database connections cut under load, and the shop killed mid-checkout.
import {
  byStatus,
  call,
  checkoutOf,
  createDatabase,
  insertProduct,
  sleep,
  startShop,
  stopShop,
  terminateBackends,
  type Answer,
  type Checkout,
  type Shop,
} from './shop.ts';

const CONCURRENT_CHECKOUTS = 20;
const RECOVERY_LIMIT_MS = 30_000;

export type TerminationFigures = {
  runs: number;
  crashes: number;
  answers: Record<string, number>;
  hangs: number;
  recoveryMs: number[];
  notRecovered: number;
};

/**
 * Until `/api/ready` is 200 and a checkout makes an order again; `ms` undefined if not within the limit or
 * the shop died, and then `last` says what the shop answered last.
 */
async function recoveryTime(shop: Shop, checkout: Checkout, since: number): Promise<{ ms: number | undefined; last: string }> {
  let last = '';
  while (performance.now() - since < RECOVERY_LIMIT_MS && !shop.exit) {
    const ready = await call(shop, 'GET', '/api/ready', undefined, 2000);
    const order = ready.status === 200 ? await checkout() : undefined;
    if (order?.status === 201) return { ms: performance.now() - since, last };
    last = `ready ${ready.status}, checkout ${order ? `${order.status} ${JSON.stringify(order.body).slice(0, 160)}` : 'not tried'}`;
    await sleep(25);
  }
  return { ms: undefined, last };
}

/**
 * Scenario 1: 20 checkouts in flight, then every backend of the shop's database terminated. A crash
 * (the process exited) is counted and the shop started again for the next run.
 */
export async function connectionsTerminated(runs: number): Promise<TerminationFigures> {
  const figures: TerminationFigures = { runs, crashes: 0, answers: {}, hangs: 0, recoveryMs: [], notRecovered: 0 };
  const database = await createDatabase();
  let shop = await startShop(database);
  try {
    const productId = await insertProduct(database, 1_000_000);
    let checkout = await checkoutOf(shop, productId);
    for (let run = 1; run <= runs; run++) {
      const inFlight = Array.from({ length: CONCURRENT_CHECKOUTS }, () => checkout());
      // Let the checkouts reach the database before cutting it.
      await sleep(15);
      const cutAt = performance.now();
      const ended = await terminateBackends(database);
      const [answers, recovery] = await Promise.all([Promise.all(inFlight), recoveryTime(shop, checkout, cutAt)]);
      const recovered = recovery.ms;
      await sleep(200);
      const crashed = Boolean(shop.exit);
      const counts = byStatus(answers);
      for (const [status, n] of Object.entries(counts)) {
        const key = status === '201' || status === '503' || status === 'hang' || status === 'reset' ? status : 'other';
        figures.answers[key] = (figures.answers[key] ?? 0) + n;
      }
      figures.hangs += counts.hang ?? 0;
      if (crashed) figures.crashes++;
      if (recovered === undefined) figures.notRecovered++;
      else figures.recoveryMs.push(recovered);
      console.log(
        `  run ${run}: ${ended} backends terminated; answers ${JSON.stringify(counts)}; ` +
          (crashed ? `CRASHED (${JSON.stringify(shop.exit)}): ${lastLine(shop.output())}` : recovered === undefined ? `NOT recovered in 30 s (last: ${recovery.last}); restarting it` : `recovered in ${recovered.toFixed(0)} ms`),
      );
      if (crashed || recovered === undefined) {
        await stopShop(shop);
        shop = await startShop(database);
        checkout = await checkoutOf(shop, productId);
      }
    }
  } finally {
    await stopShop(shop);
  }
  return figures;
}

export type KillFigures = {
  startStock: number;
  stockAfter: number;
  unitsSold: number;
  ordersCreated: number;
  ordersAnswered201: number;
  ordersWithoutItems: number;
  restartedReady: boolean;
};

/** Scenario 3: checkouts running 10 at a time, SIGKILL mid-load, the shop started again on the same database. */
export async function killedMidLoad(): Promise<KillFigures> {
  const startStock = 100_000;
  const database = await createDatabase();
  const shop = await startShop(database);
  const productId = await insertProduct(database, startStock);
  const checkout = await checkoutOf(shop, productId);
  const answers: Answer[] = [];
  let killed = false;
  const worker = async () => {
    while (!killed) answers.push(await checkout());
  };
  const workers = Array.from({ length: 10 }, worker);
  await sleep(1500);
  killed = true;
  shop.child.kill('SIGKILL');
  await shop.exited;
  await Promise.all(workers);

  const again = await startShop(database);
  try {
    const ready = await call(again, 'GET', '/api/ready');
    const [orphans] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)',
    );
    const [orders] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const [sold] = await database.query<{ n: number }>('SELECT coalesce(sum(quantity), 0)::int AS n FROM order_items WHERE product_id = $1', [productId]);
    const [product] = await database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId]);
    const figures: KillFigures = {
      startStock,
      stockAfter: product?.stock ?? Number.NaN,
      unitsSold: sold?.n ?? Number.NaN,
      ordersCreated: orders?.n ?? Number.NaN,
      ordersAnswered201: answers.filter((a) => a.status === 201).length,
      ordersWithoutItems: orphans?.n ?? Number.NaN,
      restartedReady: ready.status === 200,
    };
    console.log(`  answers before the kill ${JSON.stringify(byStatus(answers))}; after restart ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await stopShop(again);
  }
}

export const lastLine = (output: string) =>
  output
    .trim()
    .split('\n')
    .filter((line) => /error/i.test(line))
    .slice(-1)[0]
    ?.slice(0, 200) ?? '';
