// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { discountMessages } from '#shared/schemas/discounts.ts';
import { CartPage } from './cart-page.tsx';
import { agenda, caixa, euros, type FakeCall, fakeApi, renderRoutes, resetCartScreensBetweenTests, shownValue, storeCart, totalsFor } from './cart-test-utils.tsx';

// Two boxes at 12,50 € and a diary at 15,00 €: 40,00 € of goods, 6,00 € of delivery.
const plain = totalsFor([caixa, agenda]);
const LABEL = 'Desconto (VERAO10, 10%)';

/** calculate-totals as the server answers a code (decision 0054): VERAO10 takes 4,00 €, anything else is refused. */
function discountServer(call: FakeCall) {
  if (call.method !== 'POST' || call.path !== '/order/calculate-totals') return undefined;
  const code = (call.body as { discount_code?: string }).discount_code;
  if (code === undefined) return { status: 200, body: plain };
  if (code === 'VERAO10') {
    return {
      status: 200,
      body: { ...plain, totalWithTax: 42, discount: 4, discount_code: 'VERAO10', discount_label: LABEL, shipping_waived: 0, discount_error: null },
    };
  }
  return { status: 200, body: { ...plain, discount: 0, discount_code: null, discount_label: null, shipping_waived: 0, discount_error: discountMessages.unknown } };
}

const totalsCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/order/calculate-totals');
const sentCodes = (calls: FakeCall[]) => totalsCalls(calls).map((c) => (c.body as { discount_code?: string }).discount_code ?? null);
const summary = () => screen.getByRole('heading', { name: 'Resumo' }).parentElement as HTMLElement;
const codeInput = () => screen.getByLabelText('Código de desconto') as HTMLInputElement;
/** The field's live region (the input points to it while the field shows). */
const status = () => summary().querySelector('[id$="-status"]') as HTMLElement;
const renderCart = () => renderRoutes([{ path: '/carrinho', element: <CartPage /> }], '/carrinho');

function apply(code: string) {
  fireEvent.change(codeInput(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
}

resetCartScreensBetweenTests();

describe('discount code in the cart', () => {
  it("applies a code: the server's discount line and total, said in the live region", async () => {
    storeCart([caixa, agenda]);
    const calls = fakeApi(null, discountServer);
    renderCart();
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(46)));
    expect(shownValue(summary(), LABEL)).toBeUndefined();

    apply('  verao10 ');
    // Only the applied state gives the discount's row.
    await waitFor(() => expect(shownValue(summary(), LABEL)).toBe(`− ${euros(4)}`));
    expect(shownValue(summary(), 'Total')).toBe(euros(42));
    expect(shownValue(summary(), 'Subtotal')).toBe(euros(40));
    expect(within(summary()).getByText('VERAO10').parentElement?.textContent).toBe('Código VERAO10 aplicado');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe(`${LABEL} aplicado.`);
    // Trimmed and upper-case, as the server stores codes; kept for the checkout.
    expect(sentCodes(calls)).toEqual([null, 'VERAO10']);
    expect(localStorage.getItem('loja-discount-code')).toBe('VERAO10');
  });

  it("says the server's refusal in the live region, with no discount line", async () => {
    storeCart([caixa, agenda]);
    const calls = fakeApi(null, discountServer);
    renderCart();
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(46)));

    apply('errado');
    await waitFor(() => expect(status().textContent).toBe(discountMessages.unknown));
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().className).toContain('text-danger');
    expect(within(summary()).getByText('ERRADO').parentElement?.textContent).toBe('Código ERRADO recusado');
    expect(within(summary()).queryByText(/Desconto/)).toBeNull();
    expect(shownValue(summary(), 'Total')).toBe(euros(46));
    expect(sentCodes(calls)).toEqual([null, 'ERRADO']);

    // Removing the refused code gives the field back; a good code then applies.
    fireEvent.click(screen.getByRole('button', { name: 'Remover o código ERRADO' }));
    apply('VERAO10');
    await waitFor(() => expect(shownValue(summary(), LABEL)).toBe(`− ${euros(4)}`));
    expect(status().textContent).toBe(`${LABEL} aplicado.`);
  });

  it('removing the code removes the line and stops sending it', async () => {
    storeCart([caixa, agenda]);
    localStorage.setItem('loja-discount-code', 'VERAO10');
    const calls = fakeApi(null, discountServer);
    renderCart();
    await waitFor(() => expect(shownValue(summary(), LABEL)).toBe(`− ${euros(4)}`));
    expect(sentCodes(calls)).toEqual(['VERAO10']);

    fireEvent.click(screen.getByRole('button', { name: 'Remover o código VERAO10' }));
    // The field is back at once; the line goes when the totals without the code arrive.
    expect(codeInput().value).toBe('');
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(46)));
    expect(shownValue(summary(), LABEL)).toBeUndefined();
    expect(status().textContent).toBe('');
    expect(localStorage.getItem('loja-discount-code')).toBeNull();
    expect(sentCodes(calls)).toEqual(['VERAO10', null]);
  });

  it('applies nothing for a blank code', async () => {
    storeCart([caixa, agenda]);
    const calls = fakeApi(null, discountServer);
    renderCart();
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(46)));
    apply('   ');
    expect(codeInput()).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remover o código/ })).toBeNull();
    expect(sentCodes(calls)).toEqual([null]);
  });
});
