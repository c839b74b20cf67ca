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

export type TapFigures = { fcp: number; works: number; wait: number; shown: number; scriptBytes: number };

// From the document's start, once the page has painted, taps its first buying button every 50 ms (a customer who
// taps as soon as she sees it) until a tap has its effect. Either the app takes the tap (the line is in local
// storage at once, storefront.md §3, and the drawer shows it), or the button's form posts it to the server (decision
// 0056: the submit is not stopped by the app) and the cart page the answer leads to says "… foi adicionado ao
// carrinho.". The figures cross that navigation in session storage, timed from the first document's start.
const tapUntilItWorks = (selector: string) => `
  (() => {
    const KEY = 'bench-first-tap';
    const state = JSON.parse(sessionStorage.getItem(KEY) || 'null') || { origin: performance.timeOrigin };
    const save = () => sessionStorage.setItem(KEY, JSON.stringify(state));
    const since = () => performance.timeOrigin + performance.now() - state.origin;
    const finish = () => { state.shownAt = since(); save(); window.__figures = state; };
    if (state.tappedAt !== undefined) {
      const shown = setInterval(() => {
        if (!document.body || !/foi adicionado ao carrinho/.test(document.body.textContent || '')) return;
        clearInterval(shown);
        finish();
      }, 20);
      return;
    }
    save();
    const cartLines = () => { try { return JSON.parse(localStorage.getItem('cart') || '[]').length; } catch { return 0; } };
    const scriptBytes = () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).reduce((sum, e) => sum + e.transferSize, 0);
    let timer;
    // After the app's own handler: a submit it did not stop leaves for the server, and the tap is taken.
    addEventListener('submit', (event) => { if (!event.defaultPrevented) clearInterval(timer); });
    timer = setInterval(() => {
      const painted = performance.getEntriesByName('first-contentful-paint')[0];
      const button = ${selector.startsWith('/') ? `document.evaluate(${JSON.stringify(selector)}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue` : `document.querySelector(${JSON.stringify(selector)})`};
      if (!painted || !button || button.disabled) return;
      Object.assign(state, { fcp: painted.startTime, tappedAt: since(), scriptBytes: scriptBytes() });
      save();
      button.click();
      if (cartLines() > 0) {
        clearInterval(timer);
        finish();
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
    const handle = await tab.waitForFunction(() => (window as unknown as { __figures?: unknown }).__figures, undefined, { timeout: 60_000, polling: 100 });
    const state = (await handle.jsonValue()) as { fcp: number; tappedAt: number; shownAt: number; scriptBytes: number };
    return { fcp: state.fcp, works: state.tappedAt, wait: state.tappedAt - state.fcp, shown: state.shownAt, scriptBytes: state.scriptBytes };
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
      shown: median(all.map((f) => f.shown)),
      scriptBytes: median(all.map((f) => f.scriptBytes)),
    });
  }
  console.log(`\nFirst tap on a phone (375 px, 150 ms round trip, 1.6 Mbit/s, CPU ×${CPU_SLOWDOWN}), median of ${runs} runs per page`);
  console.log('| page | first paint | first working tap | after the paint | line shown | JavaScript by the tap |');
  console.log('|---|---|---|---|---|---|');
  for (const [path, f] of result) {
    console.log(`| ${path} | ${(f.fcp / 1000).toFixed(2)} s | ${(f.works / 1000).toFixed(2)} s | ${(f.wait / 1000).toFixed(2)} s | ${(f.shown / 1000).toFixed(2)} s | ${(f.scriptBytes / 1024).toFixed(1)} KB |`);
  }
  return result;
}
