import { resolve } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { demoCatalogue } from '../src/server/modules/catalog/demo/catalogue.ts';
import { escapeRegExp, expect, expectAccessible, patience, test } from './fixtures.ts';

// What the journeys that buy (orders.spec.ts, payments.spec.ts) share: the shop's money rule, the demo products
// and the API's view of them, the checkout's shipping details, and screenshots for a person to look at.

// Money, as the shop's rule has it (ARCHITECTURE.md): delivery costs 6,00 € below 70,00 € and nothing from 70,00 €.
export const SHIPPING_CENTS = 600;
export const FREE_SHIPPING_FROM_CENTS = 7000;

/** '18,50' (the catalogue's notation) -> 1850 */
export const cents = (text: string | undefined) => {
  const [whole = '0', fraction = ''] = (text ?? '0').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
/** 1850 -> '18,50 €' as the shop writes it (the space before € is a no-break space; Playwright's text matching treats it as a space). */
export const euros = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')} €`;

export function demoProduct(name: string) {
  const item = demoCatalogue.find((p) => p.name === name);
  if (!item) throw new Error(`${name} is not in the demo catalogue`);
  return item;
}

export type ApiVariant = { id: number; name: string; price: number; stock: number; sku: string | null };
export type ApiProduct = { id: number; name: string; price: number; stock: number; hasVariants: boolean; isDigital: boolean; variants: ApiVariant[] };

/** The product as the public API has it now (stock included), found by its exact name. */
export async function findProduct(request: APIRequestContext, name: string): Promise<ApiProduct> {
  const res = await request.get('/api/product', { params: { q: name } });
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as { rows: ApiProduct[] }).rows.find((p) => p.name === name);
  expect(found, `«${name}» in the shop`).toBeDefined();
  return found as ApiProduct;
}

/**
 * A guest's order of `items`, or of one unit of `productId` (by default the first physical product in stock), with exactly the
 * body of the spec's call table (storefront.md §7): the address as one string; a NIF and a company when given.
 */
export async function placeGuestOrder(
  request: APIRequestContext,
  options: { productId?: number; items?: { product_id: number; quantity: number }[]; email?: string; shippingAddress?: string; nif?: string; company?: string } = {},
): Promise<{ id: number; accessToken: string }> {
  let productId = options.productId;
  if (productId === undefined && !options.items) {
    const list = (await (await request.get('/api/product', { params: { isDigital: 'false' } })).json()) as { rows: ApiProduct[] };
    productId = list.rows.find((p) => !p.hasVariants && p.stock > 0)?.id;
    expect(productId, 'a physical product in stock').toBeDefined();
  }
  const items = options.items ?? [{ product_id: productId as number, quantity: 1 }];
  const totals = (await (await request.post('/api/order/calculate-totals', { data: { items } })).json()) as Record<string, number>;
  const placed = await request.post('/api/order', {
    data: {
      items,
      email: options.email ?? `convidado.${Date.now().toString(36)}@example.pt`,
      phone: '913 222 333',
      shipping_address: options.shippingAddress ?? 'Paula Reis, Rua das Camélias 4, Coimbra, 3000-100, Portugal',
      ...(options.nif && { nif: options.nif }),
      ...(options.company && { company: options.company }),
      payment_method: 'multibanco',
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { id: number; accessToken: string };
}

export type ShippingDetails = { name?: string; email?: string; phone: string; address: string; city: string; postalCode: string };

/** Fills the shipping details of the checkout (name and email only when given). */
export async function fillCheckout(page: Page, details: ShippingDetails) {
  const main = page.getByRole('main');
  if (details.name !== undefined) await main.getByLabel('Nome completo', { exact: true }).fill(details.name);
  if (details.email !== undefined) await main.getByLabel('Email', { exact: true }).fill(details.email);
  await main.getByLabel('Telefone', { exact: true }).fill(details.phone);
  await main.getByLabel('Morada', { exact: true }).fill(details.address);
  await main.getByLabel('Cidade', { exact: true }).fill(details.city);
  await main.getByLabel('Código postal', { exact: true }).fill(details.postalCode);
}

/** The order id the confirmation and payment pages carry in `?id=`. */
export const orderIdFrom = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

/** Waits until every image on screen has loaded (the caller scrolls first: lazy ones load near the screen). */
export async function expectImagesLoaded(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete || !img.checkVisibility())), {
      message: 'images loaded',
      timeout: patience(15_000),
    })
    .toBe(true);
}

/**
 * Two frames drawn, or a fifth of a second where the headless compositor draws none: once, under load, it stopped
 * producing frames on a page whose script still ran, and a wait on requestAnimationFrame alone hung until the
 * test's timeout.
 */
export async function afterTwoFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise((done) => {
        requestAnimationFrame(() => requestAnimationFrame(done));
        setTimeout(done, 200);
      }),
  );
}

/** Screenshots for a person to look at: test-results/screens/<name>-<width>.png, phone first, then desktop. */
export const screensDir = resolve(import.meta.dirname, '..', 'test-results', 'screens');
const screenWidths = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/**
 * Photographs the page as it is (no reload: the state on screen is the journey's) at 375 and 1280 px, and
 * checks it with axe at the phone width too (the navigation collapses, tables stack). Leaves the original size.
 */
export async function shoot(page: Page, name: string) {
  await test.step(`capturas: ${name}`, async () => {
    const original = page.viewportSize();
    // From the top (a full-page capture draws the sticky header where the page is scrolled to), with the
    // pointer off the controls (no hover colours).
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const viewport of screenWidths) {
      await page.setViewportSize(viewport);
      if (viewport.width < 768) await expectAccessible(page, `${name} a ${viewport.width} px`);
      else await afterTwoFrames(page);
      await page.screenshot({ path: resolve(screensDir, `${name}-${viewport.width}.png`), fullPage: true, animations: 'disabled' });
    }
    if (original) await page.setViewportSize(original);
  });
}

/** The value of a `<dt>label</dt><dd>value</dd>` pair inside `scope` (totals, order details, payment figures). */
export const term = (scope: Locator, label: string): Locator =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
