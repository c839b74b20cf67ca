// Part of `npm run bench:web` (issue #32): how long after the first paint the buying buttons work, on a phone.
// Chromium at 375 px with a phone's network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and CPU (4 times
// slower), a fresh browser per run (nothing cached), three runs per page. For each page: the first contentful
// paint, the moment a tap on its buying button first puts the line in the cart, the time between them, and the
// JavaScript the page had fetched by then.
import { chromium } from '@playwright/test';

const PHONE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** A page and the button that buys on it (a CSS selector, or an XPath from `/`). */
export type TapPage = { path: string; button: string };

export type TapFigures = { fcp: number; works: number; wait: number; scriptBytes: number };

// From the document's start, taps the page's first buying button every 50 ms (a customer who taps as soon as she
// sees it) until a tap has its effect, a line in the cart (local storage, as storefront.md §3 keeps it); the
// moment is kept in the page. A tap before the app has taken the button does nothing, as it does for her today.
const tapUntilItWorks = (selector: string) => `
  (() => {
    const cartLines = () => { try { return JSON.parse(localStorage.getItem('cart') || '[]').length; } catch { return 0; } };
    const timer = setInterval(() => {
      const button = ${selector.startsWith('/') ? `document.evaluate(${JSON.stringify(selector)}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue` : `document.querySelector(${JSON.stringify(selector)})`};
      if (!button || button.disabled) return;
      button.click();
      if (cartLines() > 0) {
        window.__worksAt = performance.now();
        clearInterval(timer);
      }
    }, 50);
  })();`;

async function once(browserPath: string, base: string, page: TapPage): Promise<TapFigures> {
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await tab.addInitScript(tapUntilItWorks(page.button));
    await tab.goto(`${base}${page.path}`, { waitUntil: 'commit' });
    await tab.waitForFunction(() => (window as unknown as { __worksAt?: number }).__worksAt !== undefined, undefined, { timeout: 60_000, polling: 100 });
    const figures = await tab.evaluate(() => {
      const worksAt = (window as unknown as { __worksAt: number }).__worksAt;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.name.endsWith('.js') && entry.responseEnd <= worksAt,
      );
      return { fcp, works: worksAt, wait: worksAt - fcp, scriptBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) };
    });
    return figures;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Measures each page `runs` times and prints the medians; answers them. */
export async function firstTap(browserPath: string, base: string, pages: TapPage[], runs: number): Promise<Map<string, TapFigures>> {
  const result = new Map<string, TapFigures>();
  for (const page of pages) {
    const all: TapFigures[] = [];
    for (let run = 0; run < runs; run++) all.push(await once(browserPath, base, page));
    result.set(page.path, {
      fcp: median(all.map((f) => f.fcp)),
      works: median(all.map((f) => f.works)),
      wait: median(all.map((f) => f.wait)),
      scriptBytes: median(all.map((f) => f.scriptBytes)),
    });
  }
  console.log(`\nFirst tap on a phone (375 px, 150 ms round trip, 1.6 Mbit/s, CPU ×${CPU_SLOWDOWN}), median of ${runs} runs per page`);
  console.log('| page | first paint | first working tap | after the paint | JavaScript by then |');
  console.log('|---|---|---|---|---|');
  for (const [path, f] of result) {
    console.log(`| ${path} | ${(f.fcp / 1000).toFixed(2)} s | ${(f.works / 1000).toFixed(2)} s | ${(f.wait / 1000).toFixed(2)} s | ${(f.scriptBytes / 1024).toFixed(1)} KB |`);
  }
  return result;
}
