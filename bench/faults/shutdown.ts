// Scenario 2: SIGTERM while requests are in flight; a graceful stop answers every one of them.
import { byStatus, call, checkoutOf, createDatabase, insertProduct, sleep, startShop, stopShop } from './shop.ts';

export type ShutdownFigures = { inFlight: number; completed: number; failed: Record<string, number>; exitCode: number | null; exitSignal: string | null; exitAfterMs: number };

export async function sigtermUnderLoad(): Promise<ShutdownFigures> {
  const database = await createDatabase();
  const shop = await startShop(database);
  try {
    const productId = await insertProduct(database, 100_000);
    const checkout = await checkoutOf(shop, productId);
    // Twenty open connections first, so every request below is on the server's side when the signal comes
    // (a connection still being opened at that moment would be refused, which is not a request dropped).
    await Promise.all(Array.from({ length: 20 }, () => call(shop, 'GET', '/api/health')));
    // Half checkouts (writes, mail jobs queued), half catalogue reads.
    const inFlight = Array.from({ length: 20 }, (_, i) => (i % 2 ? call(shop, 'GET', '/api/product?page=1') : checkout()));
    await sleep(20);
    shop.child.kill('SIGTERM');
    const signalledAt = performance.now();
    const answers = await Promise.all(inFlight);
    const exit = await shop.exited;
    const exitAfterMs = performance.now() - signalledAt;
    const good = answers.filter((a) => typeof a.status === 'number' && a.status < 400);
    const figures: ShutdownFigures = {
      inFlight: answers.length,
      completed: good.length,
      failed: byStatus(answers.filter((a) => !good.includes(a))),
      exitCode: exit.code,
      exitSignal: exit.signal,
      exitAfterMs,
    };
    console.log(`  answers ${JSON.stringify(byStatus(answers))}; exit ${JSON.stringify(exit)} after ${exitAfterMs.toFixed(0)} ms`);
    if (exit.code !== 0) console.log(`  the shop's last output:\n${shop.output().trim().split('\n').slice(-5).join('\n').slice(0, 1500)}`);
    return figures;
  } finally {
    await stopShop(shop);
  }
}
