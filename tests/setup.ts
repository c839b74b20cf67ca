// Runs before every test file.
import { configure } from '@testing-library/dom';
import { afterAll, afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// Two cores run API tests on PGlite beside the component tests: a screen's answer can take longer than
// the library's 1 s default to arrive without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// A test that prints an error or a warning fails, as the browser journeys do. An expected one is captured
// in the test (`vi.spyOn(console, 'error').mockImplementation(() => {})`) and asserted, not printed.
let consoleSpies: MockInstance[] = [];
// What a test printed, one list per worker: a worker's files share their modules (vitest.config.ts, isolate:
// false), so this file runs again for each of their files, and Node's warning listener is added once.
const worker = globalThis as { testPrinted?: string[] };
if (!worker.testPrinted) {
  const list: string[] = [];
  worker.testPrinted = list;
  // Node's own warnings (MaxListenersExceededWarning and the like) count too.
  process.on('warning', (warning) => list.push(`process warning: ${warning.name}: ${warning.message}`));
}
const printed = worker.testPrinted;

beforeEach(() => {
  printed.length = 0;
  consoleSpies = (['error', 'warn'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(`console.${method}: ${args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ')}`);
    }),
  );
});

afterEach(() => {
  for (const spy of consoleSpies) spy.mockRestore();
  if (printed.length > 0) throw new Error(`The test printed what it did not expect:\n${printed.join('\n')}`);
});

// A react-bootstrap dialog or alert that closes ends its fade on a timer (dom-helpers' transitionEnd, 5 ms when
// no CSS is loaded, as here). A file whose last test closes one could be torn down first, and the timer then
// fired into a page that was gone ("document is not defined", seen once in payments-as-facts.test.tsx).
afterAll(async () => {
  if (typeof document !== 'undefined') await new Promise((done) => setTimeout(done, 50));
});
