// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartTotalsAnswer } from '#shared/schemas/orders.ts';
import { CartPage } from '../cart/cart-page.tsx';
import { agenda, caixa, euros, fakeApi, renderRoutes, resetCartScreensBetweenTests, shopDetailsFactory, shownValue, storeCart, storedCart, totalsFor } from '../cart/cart-test-utils.tsx';
import { CheckoutPage } from './checkout-page.tsx';

// A line on sale in the cart and at the checkout (decision 0048): the server charges the sale price and tells the
// regular one, which the line shows struck through (heard as «Preço antes da promoção»); a line without a sale
// shows none.

resetCartScreensBetweenTests();

/** The boxes at 12,50 € were added before their sale: the server now charges 10,00 €, regularly 12,50 €. */
const onSale = (): CartTotalsAnswer => {
  const answer = totalsFor([{ ...caixa, price: 10 }, agenda]);
  return { ...answer, lines: answer.lines.map((line) => (line.product_id === caixa.productId ? { ...line, regular_price: 12.5 } : line)) };
};

const serve = () =>
  fakeApi(null, (call) =>
    call.method === 'POST' && call.path === '/order/calculate-totals' ? { status: 200, body: onSale() }
    : call.path === '/shop' ? { status: 200, body: shopDetailsFactory({ withdrawalDays: 30 }) }
    : undefined,
  );
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, ' ');

describe('a line on sale', () => {
  it('shows on the cart page the sale price with the regular one struck through, and charges the sale price', async () => {
    storeCart([caixa, agenda]);
    serve();
    renderRoutes([{ path: '/carrinho', element: <CartPage /> }], '/carrinho');
    const row = (await screen.findByRole('link', { name: 'Caixa organizadora' })).closest('tr') as HTMLElement;
    const unit = within(row).getByText((_, element) => element?.getAttribute('data-label') === 'Preço unitário');
    await waitFor(() => expect(text(unit)).toBe(`${euros(10)}Preço antes da promoção: ${euros(12.5)}`));
    expect(text(unit.querySelector('s'))).toBe(`Preço antes da promoção: ${euros(12.5)}`);
    expect(unit.querySelector('s .visually-hidden')?.textContent).toBe('Preço antes da promoção: ');
    // The stored line took the server's price; the subtotal is charged at it.
    expect(storedCart()?.find((item) => item.id === caixa.id)?.price).toBe(10);
    const summary = screen.getByRole('heading', { name: 'Resumo' }).parentElement as HTMLElement;
    expect(shownValue(summary, 'Subtotal')).toBe(euros(2 * 10 + 15));

    const other = screen.getByRole('link', { name: 'Agenda 2026' }).closest('tr') as HTMLElement;
    expect(other.querySelector('s')).toBeNull();
  });

  it('shows at the checkout the sale price with the regular one struck through, and none on a line without a sale', async () => {
    storeCart([{ ...caixa, price: 10 }, agenda]);
    serve();
    renderRoutes([{ path: '/checkout', element: <CheckoutPage /> }], '/checkout');
    const summary = (await screen.findByRole('heading', { name: 'Resumo da encomenda' })).parentElement as HTMLElement;
    const line = within(summary).getByText('Caixa organizadora').closest('li') as HTMLElement;
    await waitFor(() => expect(text(line.querySelector('s'))).toBe(`Preço antes da promoção: ${euros(12.5)}`));
    expect(text(line)).toContain(`2 × ${euros(10)}Preço antes da promoção: ${euros(12.5)}`);
    expect(text(line)).toContain(euros(20));
    const other = within(summary).getByText('Agenda 2026').closest('li') as HTMLElement;
    expect(other.querySelector('s')).toBeNull();
    await waitFor(() => expect(shownValue(summary, 'Total')).toBe(euros(2 * 10 + 15 + 6)));
  });
});
