// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartPage } from './cart-page.tsx';
import { clampCartQuantity } from './cart-lines.tsx';
import { CART_KEY } from './cart-store.ts';
import { agenda, caixa, cartItem, errorAnswer, euros, type FakeCall, fakeApi, renderRoutes, resetCartScreensBetweenTests, shownValue, storeCart, storedCart, totalsFor } from './cart-test-utils.tsx';
import { ART53_TEXT } from '#shared/vat.ts';

const planner = cartItem({ id: '9', productId: 9, name: 'Planner PDF', price: 4.99, quantity: 1, isDigital: true, image: null });

/**
 * calculate-totals answers from the request's lines at `prices` (product id -> euros), as the server would,
 * with the `stocks` it has (product id -> units; plenty when not said).
 */
function totalsServer(prices: Record<number, number>, digital: number[] = [9], stocks: Record<number, number> = {}, vat: object = {}) {
  return (call: FakeCall) => {
    if (call.method !== 'POST' || call.path !== '/order/calculate-totals') return undefined;
    const { items } = call.body as { items: { product_id: number; variant_id?: number; quantity: number }[] };
    const lines = items.map((i) => ({
      productId: i.product_id,
      variant: i.variant_id ? { id: i.variant_id } : null,
      price: prices[i.product_id] ?? 0,
      quantity: i.quantity,
      isDigital: digital.includes(i.product_id),
      ...(stocks[i.product_id] !== undefined ? { stock: stocks[i.product_id] } : {}),
    }));
    return { status: 200, body: { ...totalsFor(lines), ...vat } };
  };
}

const totalsCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/order/calculate-totals');
const summary = () => screen.getByRole('heading', { name: 'Resumo' }).parentElement as HTMLElement;
const renderCart = () => renderRoutes([{ path: '/carrinho', element: <CartPage /> }, { path: '/checkout', element: <p>Checkout</p> }], '/carrinho');

resetCartScreensBetweenTests();

describe('quantity rule', () => {
  it('keeps 1..99 and ignores what is not a number yet', () => {
    expect(clampCartQuantity('3')).toBe(3);
    expect(clampCartQuantity('0')).toBe(1);
    expect(clampCartQuantity('-2')).toBe(1);
    expect(clampCartQuantity('150')).toBe(99);
    expect(clampCartQuantity('2.6')).toBe(2);
    expect(clampCartQuantity('')).toBeUndefined();
    expect(clampCartQuantity('abc')).toBeUndefined();
  });
});

describe('cart page', () => {
  it('shows the empty cart with a link to the products', async () => {
    const calls = fakeApi(null);
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeTruthy();
    expect(screen.getByText('O seu carrinho está vazio.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver produtos' }).getAttribute('href')).toBe('/produtos');
    expect(screen.queryByRole('table')).toBeNull();
    // The title is the route table's (a server-rendered page's head, decision 0056): server-render.api.test.ts.
    expect(totalsCalls(calls)).toHaveLength(0);
  });

  it('shows the lines and the totals computed by the server', async () => {
    storeCart([caixa, agenda, planner]);
    const calls = fakeApi(null, totalsServer({ 1: 12.5, 8: 15, 9: 4.99 }));
    renderCart();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Caixa organizadora' }).getAttribute('href')).toBe('/produtos/1');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/media/p1-1024.webp');
    expect(within(first).getByText(euros(12.5))).toBeTruthy();
    expect(within(first).getByText(euros(25))).toBeTruthy();
    expect(within(second).getByText('A5')).toBeTruthy();
    expect(within(second).getByLabelText('Quantidade de Agenda 2026 (A5)')).toBeTruthy();
    expect(second.querySelector('.cart-thumb-placeholder')).toBeTruthy();
    expect(within(third).getByText('Digital')).toBeTruthy();
    expect(within(first).queryByText('Digital')).toBeNull();
    // A digital product is one link (issue #25): its line has no quantity to change.
    expect(within(third).queryByRole('spinbutton')).toBeNull();
    expect(within(third).queryByLabelText(/Quantidade/)).toBeNull();

    // While the server answers: a spinner, never the browser's own sums.
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(50.99)));
    const [call] = totalsCalls(calls);
    expect(call?.body).toEqual({
      items: [
        { product_id: 1, quantity: 2 },
        { product_id: 8, variant_id: 21, quantity: 1 },
        { product_id: 9, quantity: 1 },
      ],
    });
    const expected = totalsFor([caixa, agenda, planner]);
    expect(shownValue(summary(), 'Subtotal')).toBe(euros(expected.subtotalWithTax));
    expect(shownValue(summary(), 'IVA (23%) incluído')).toBe(euros(expected.totalTax));
    expect(shownValue(summary(), 'Portes')).toBe(euros(6));
    expect(screen.getByText(/Entrega gratuita em compras a partir de 70,00\s€\./)).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Finalizar compra' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('link', { name: 'Continuar a comprar' }).getAttribute('href')).toBe('/produtos');
  });

  it('shows one VAT line per rate the server answers (decision 0053)', async () => {
    storeCart([caixa, agenda]);
    fakeApi(null, totalsServer({ 1: 12.5, 8: 15 }, [], {}, { vat_lines: [{ rate: 23, tax: 5.8, label: 'IVA (23%) incluído' }, { rate: 6, tax: 0.85, label: 'IVA (6%) incluído' }], vat_exempt: false, vat_note: null }));
    renderCart();
    await waitFor(() => expect(shownValue(summary(), 'IVA (23%) incluído')).toBe(euros(5.8)));
    expect(shownValue(summary(), 'IVA (6%) incluído')).toBe(euros(0.85));
    expect(screen.queryByText(ART53_TEXT)).toBeNull();
  });

  it('shows no VAT line for a shop under the art. 53.º exemption, its words instead', async () => {
    storeCart([caixa, agenda]);
    fakeApi(null, totalsServer({ 1: 12.5, 8: 15 }, [], {}, { taxRate: 0, totalTax: 0, vat_lines: [], vat_exempt: true, vat_note: ART53_TEXT }));
    renderCart();
    await waitFor(() => expect(within(summary()).getByText(ART53_TEXT)).toBeTruthy());
    expect(within(summary()).queryByText(/IVA \(/)).toBeNull();
    expect(shownValue(summary(), 'Total')).toBe(euros(46));
  });

  it('shows the delivery fee below the free-delivery amount, and how much is missing', async () => {
    storeCart([caixa]);
    fakeApi(null, totalsServer({ 1: 12.5 }));
    renderCart();
    await waitFor(() => expect(shownValue(summary(), 'Portes')).toBe(euros(6)));
    expect(shownValue(summary(), 'Total')).toBe(euros(31));
    expect(screen.getByText(/Faltam 45,00\s€ para portes grátis\./)).toBeTruthy();
  });

  it('changes a quantity (never below 1) and asks the server again', async () => {
    storeCart([caixa]);
    const calls = fakeApi(null, totalsServer({ 1: 12.5 }));
    renderCart();
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(31)));
    const box = screen.getByLabelText('Quantidade de Caixa organizadora') as HTMLInputElement;
    expect(box.min).toBe('1');

    fireEvent.change(box, { target: { value: '4' } });
    expect(storedCart()?.[0]?.quantity).toBe(4);
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(56)));
    expect(totalsCalls(calls).at(-1)?.body).toEqual({ items: [{ product_id: 1, quantity: 4 }] });
    expect(within(screen.getByRole('table')).getByText(euros(50))).toBeTruthy();

    // 0 does not remove the line: it becomes 1.
    fireEvent.change(box, { target: { value: '0' } });
    expect(box.value).toBe('1');
    expect(storedCart()).toEqual([{ ...caixa, quantity: 1 }]);
    // Empty while retyping; leaving the box shows the stored quantity again.
    fireEvent.change(box, { target: { value: '' } });
    expect(box.value).toBe('');
    expect(storedCart()?.[0]?.quantity).toBe(1);
    fireEvent.blur(box);
    expect(box.value).toBe('1');
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(18.5)));
  });

  it('removes a line with its button, and shows the empty cart after the last one', async () => {
    storeCart([caixa, planner]);
    fakeApi(null, totalsServer({ 1: 12.5, 9: 4.99 }));
    renderCart();
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(35.99)));

    fireEvent.click(screen.getByRole('button', { name: 'Remover Caixa organizadora do carrinho' }));
    expect(storedCart()?.map((i) => i.id)).toEqual(['9']);
    expect(screen.getByText('Caixa organizadora foi removido do carrinho.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(4.99)));
    // Only a digital product left: nothing ships, so no delivery line (issue #12).
    expect(shownValue(summary(), 'Portes')).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Remover Planner PDF do carrinho' }));
    expect(screen.getByText('O seu carrinho está vazio.')).toBeTruthy();
  });

  it('follows a change made in another tab', async () => {
    storeCart([caixa]);
    fakeApi(null, totalsServer({ 1: 12.5, 9: 4.99 }));
    renderCart();
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(31)));
    act(() => {
      localStorage.setItem(CART_KEY, JSON.stringify([caixa, planner]));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY }));
    });
    expect(screen.getByRole('link', { name: 'Planner PDF' })).toBeTruthy();
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(35.99)));
  });

  it("says once when a price changed, marks the line, and keeps the server's price in the cart", async () => {
    storeCart([caixa, agenda]);
    const calls = fakeApi(null, totalsServer({ 1: 14, 8: 15 }));
    renderCart();
    expect(await screen.findByText(/O preço de Caixa organizadora mudou para 14,00\s€\./, { selector: 'li' })).toBeTruthy();
    expect(screen.getAllByText(/O preço de Caixa organizadora mudou/)).toHaveLength(1);
    expect(storedCart()?.map((i) => i.price)).toEqual([14, 15]);
    const row = screen.getByRole('link', { name: 'Caixa organizadora' }).closest('tr') as HTMLElement;
    expect(within(row).getByText(euros(28))).toBeTruthy();
    expect(within(row).getByText('Preço atualizado')).toBeTruthy();
    await waitFor(() => expect(shownValue(summary(), 'Subtotal')).toBe(euros(43)));
    // The answer carries the prices: the product pages are not fetched.
    expect(calls.filter((c) => c.path.startsWith('/product'))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByText(/O preço de Caixa organizadora mudou/)).toBeNull();
  });

  it('cuts a line to the stock the server has, says so, and refuses more than that when typed', async () => {
    storeCart([{ ...caixa, quantity: 5 }, planner]);
    fakeApi(null, totalsServer({ 1: 12.5, 9: 4.99 }, [9], { 1: 3 }));
    renderCart();
    expect(await screen.findByText('Só temos 3 unidades de Caixa organizadora em stock: a quantidade foi ajustada.', { selector: 'li' })).toBeTruthy();
    expect(storedCart()?.map((i) => i.quantity)).toEqual([3, 1]);
    const input = screen.getByLabelText('Quantidade de Caixa organizadora') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('3'));
    await waitFor(() => expect(input.max).toBe('3'));
    const row = input.closest('tr') as HTMLElement;
    expect(within(row).getByText('Quantidade ajustada ao stock')).toBeTruthy();
    // The checkout stays open: the cut cart can be bought.
    expect(screen.getByRole('link', { name: 'Finalizar compra' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.change(input, { target: { value: '8' } });
    expect(input.value).toBe('3');
    expect(storedCart()?.[0]?.quantity).toBe(3);
    expect(await screen.findByText('Só temos 3 unidades de Caixa organizadora em stock: a quantidade foi ajustada.', { selector: 'li' })).toBeTruthy();
  });

  it('marks a sold-out line and holds the checkout until it is removed', async () => {
    storeCart([caixa, planner]);
    fakeApi(null, totalsServer({ 1: 12.5, 9: 4.99 }, [9], { 1: 0 }));
    renderCart();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Caixa organizadora esgotou entretanto: retire-o do carrinho para continuar.');
    const row = screen.getByRole('link', { name: 'Caixa organizadora' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Fora de stock')).toBeTruthy();
    expect(storedCart()?.[0]?.quantity).toBe(2);
    expect((screen.getByRole('button', { name: 'Finalizar compra' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remover Caixa organizadora do carrinho' }));
    expect(await screen.findByRole('link', { name: 'Finalizar compra' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's stock message on the page and on its line, and holds the checkout", async () => {
    storeCart([caixa, planner]);
    const message = 'Não há stock suficiente de Caixa organizadora: restam 1.';
    fakeApi(null, (call) => (call.path === '/order/calculate-totals' ? errorAnswer(409, message) : undefined));
    renderCart();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    const row = screen.getByRole('link', { name: 'Caixa organizadora' }).closest('tr') as HTMLElement;
    expect(within(row).getByText(message)).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Planner PDF' }).closest('tr') as HTMLElement;
    expect(within(other).queryByText(message)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Finalizar compra' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Finalizar compra' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the fallback message when the totals cannot be computed', async () => {
    storeCart([caixa]);
    fakeApi(null, (call) => (call.path === '/order/calculate-totals' ? { status: 500 } : undefined));
    renderCart();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Ocorreu um erro ao calcular os totais. Por favor, atualize a página.',
    );
    expect(screen.getByRole('link', { name: 'Finalizar compra' })).toBeTruthy();
  });
});
