// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import { saleMessages } from '#shared/texts/sale-form.ts';
import { admin, fakeApi } from '../admin-test-utils.tsx';
import { formsOf, productFactory, renderProductRoutes, textFields } from './product-test-utils.tsx';

// The product form's «Promoção» section (decision 0048): the sale sent, the server's refusal on its field, removal.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const listAnswer = { status: 200, body: { rows: [], count: 0 } };

/** A lamp at 20,00 € on sale at 15,00 € until 31 December, as an admin's answer tells it. */
const lampOnSale = productFactory({
  id: 12,
  name: 'Candeeiro de latão',
  price: 15,
  regular_price: 20,
  sale_price: 15,
  lowest_price_30d: 17.5,
  sale_ends_at: '2026-12-31',
  sale: { sale_price: 15, sale_starts_at: '2026-11-20', sale_ends_at: '2026-12-31' },
});

const basket = productFactory({
  id: 14,
  name: 'Cesto de vime',
  hasVariants: true,
  price: 9,
  variants: [
    { id: 41, name: 'Pequeno', price: 10, regular_price: 10, sale_price: null, stock: 3, sku: 'CV-P', sale: null },
    { id: 42, name: 'Grande', price: 9, regular_price: 15, sale_price: 9, lowest_price_30d: 12, stock: 2, sku: 'CV-G', sale: { sale_price: 9, sale_starts_at: null, sale_ends_at: null } },
  ],
});

/** The edit form of `product` on a server that answers `put` to the save. */
async function openEditForm(product: typeof lampOnSale, put: () => { status: number; body: unknown } = () => ({ status: 200, body: product })) {
  const requests = fakeApi(admin, ({ method, path }) =>
    method === 'GET' && path === `/product/${product.id}` ? { status: 200, body: product }
    : method === 'PUT' && path === `/product/${product.id}` ? put()
    : method === 'GET' && path === '/product' ? listAnswer
    : undefined,
  );
  const { router } = renderProductRoutes(`/admin-dashboard/edit-product/${product.id}`);
  await screen.findByLabelText('Nome');
  return { requests, router };
}

describe('the product form’s «Promoção» section', () => {
  it('shows the sale as set and the lowest price of 30 days, and sends the new one in euros and days', async () => {
    const { requests, router } = await openEditForm(lampOnSale);
    // The form edits the regular price, not the price charged today.
    expect(valueOf('Preço (€)')).toBe('20,00');
    expect(valueOf('Preço de promoção (€)')).toBe('15,00');
    expect(valueOf('Primeiro dia (opcional)')).toBe('2026-11-20');
    expect(valueOf('Último dia (opcional)')).toBe('2026-12-31');
    const now = document.getElementById('product-sale-price-now');
    expect(now?.textContent).toBe(
      `Em promoção na loja. Preço mais baixo nos últimos 30 dias: ${formatEuros(17.5)} (até 31 de dezembro de 2026). A loja mostra-o ao lado do preço de promoção.`,
    );
    expect(screen.getByRole('group', { name: 'Promoção' })).toBeTruthy();

    type('Preço de promoção (€)', '12,5');
    type('Primeiro dia (opcional)', '');
    type('Último dia (opcional)', '2027-01-06');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=produtos'));
    expect(textFields(formsOf(requests)[0]!.form)).toMatchObject({ price: '20.00', sale_price: '12.50', sale_starts_at: '', sale_ends_at: '2027-01-06' });
  });

  it("puts the server's refusals on their fields, a variant's included, and focuses the first", async () => {
    const refusal = {
      status: 400,
      body: {
        message: saleMessages.saleNotBelow,
        error: saleMessages.saleNotBelow,
        code: 'INVALID',
        fields: { 'variants.1.sale_price': saleMessages.saleNotBelow, 'variants.1.sale_ends_at': saleMessages.saleDaysInverted },
      },
    };
    const { requests } = await openEditForm(basket, () => refusal);
    expect(valueOf('Preço de promoção (€) da variante 2')).toBe('9,00');
    expect(valueOf('Preço de promoção (€) da variante 1')).toBe('');
    expect(document.getElementById('product-variants-1-sale-price-now')?.textContent).toContain(`Preço mais baixo nos últimos 30 dias: ${formatEuros(12)}`);
    expect(document.getElementById('product-variants-0-sale-price-now')).toBeNull();

    type('Preço de promoção (€) da variante 2', '14,99');
    type('Último dia (opcional) da variante 2', '2026-12-24');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const salePrice = screen.getByLabelText('Preço de promoção (€) da variante 2');
    await waitFor(() => expect(salePrice.getAttribute('aria-invalid')).toBe('true'));
    expect(salePrice.getAttribute('aria-describedby')).toBe('product-variants-1-sale-price-error');
    expect(document.getElementById('product-variants-1-sale-price-error')?.textContent).toBe(saleMessages.saleNotBelow);
    expect(document.getElementById('product-variants-1-sale-ends-at-error')?.textContent).toBe(saleMessages.saleDaysInverted);
    expect(document.activeElement).toBe(salePrice);
    // What was sent: each variant with its sale, the blank one as no sale.
    expect(JSON.parse(formsOf(requests)[0]!.form.get('variants') as string)).toEqual([
      { id: 41, name: 'Pequeno', price: '10.00', stock: 3, sku: 'CV-P', weight_grams: null, unit_quantity: null, vat_category: null, vat_exemption_reason: null, sale_price: null, sale_starts_at: null, sale_ends_at: null },
      { id: 42, name: 'Grande', price: '15.00', stock: 2, sku: 'CV-G', weight_grams: null, unit_quantity: null, vat_category: null, vat_exemption_reason: null, sale_price: '14.99', sale_starts_at: null, sale_ends_at: '2026-12-24' },
    ]);
  });

  it('checks the rules before sending, with the server’s messages', async () => {
    const { requests } = await openEditForm(lampOnSale);
    type('Preço de promoção (€)', '20,00');
    type('Primeiro dia (opcional)', '2026-12-10');
    type('Último dia (opcional)', '2026-12-09');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(saleMessages.saleNotBelow)).toBeTruthy();
    expect(screen.getByText(saleMessages.saleDaysInverted)).toBeTruthy();
    type('Preço de promoção (€)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(saleMessages.saleDaysWithoutPrice)).toBeTruthy();
    expect(formsOf(requests)).toHaveLength(0);
  });

  it('«Remover promoção» empties the sale, and the save sends it blank (the sale ends)', async () => {
    const { requests, router } = await openEditForm(lampOnSale);
    fireEvent.click(screen.getByRole('button', { name: 'Remover promoção' }));
    expect(valueOf('Preço de promoção (€)')).toBe('');
    expect(valueOf('Primeiro dia (opcional)')).toBe('');
    expect(valueOf('Último dia (opcional)')).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Preço de promoção (€)')));
    expect(screen.queryByRole('button', { name: 'Remover promoção' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=produtos'));
    expect(textFields(formsOf(requests)[0]!.form)).toMatchObject({ price: '20.00', sale_price: '', sale_starts_at: '', sale_ends_at: '' });
  });

  it('says when the saved sale does not apply today', async () => {
    await openEditForm(productFactory({ id: 15, price: 20, regular_price: 20, sale_price: null, sale: { sale_price: 15, sale_starts_at: '2027-01-10', sale_ends_at: null } }));
    expect(document.getElementById('product-sale-price-now')?.textContent).toBe('A promoção guardada não se aplica hoje: a loja mostra o preço normal.');
    expect(valueOf('Preço de promoção (€)')).toBe('15,00');
  });
});
