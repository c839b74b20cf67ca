// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderMessages } from '#shared/schemas/orders.ts';
import { agenda, type Answer, caixa, type FakeCall, fakeApi, orderFactory, renderRoutes, resetCartScreensBetweenTests, shopDetailsFactory, storeCart, totalsFor } from '../cart/cart-test-utils.tsx';
import { CheckoutPage } from './checkout-page.tsx';

/* Decision 0055: the checkout's country is Portugal or a country of the owner's zones, and prices that country's zone. */

const base = totalsFor([caixa, agenda]);
const withZones = { ...base, countries: ['PT', 'FR', 'ES'] };
const spainMethod = { id: 8, name: 'Correos', price: 12.5, free: false, days_min: 3, days_max: 5, pickup: false, pickup_details: null };
const spainTotals = {
  ...withZones,
  shippingCost: 12.5,
  totalWithTax: base.subtotalWithTax + 12.5,
  shipping_zone: 'espanha',
  shipping_zone_name: 'Espanha',
  shipping_country: 'ES',
  shipping_methods: [spainMethod],
  shipping_method_id: 8,
  shipping_error: null,
};
const notServed = orderMessages.notServed.replace('{country}', 'França');
const franceTotals = { ...withZones, shipping_country: 'FR', shipping_methods: [], shipping_method_id: null, shipping_error: notServed };

function serve() {
  return fakeApi(null, (call: FakeCall): Answer | undefined => {
    if (call.method === 'GET' && call.path === '/payment/methods') return { status: 200, body: { methods: ['multibanco', 'mbway'] } };
    if (call.method === 'POST' && call.path === '/order/calculate-totals') {
      const body = call.body as { country?: string };
      return { status: 200, body: body.country === 'ES' ? spainTotals : body.country === 'FR' ? franceTotals : withZones };
    }
    if (call.method === 'POST' && call.path === '/order') return { status: 201, body: orderFactory({ id: 78, user_id: null, accessToken: 'tok-78' }) };
    if (call.method === 'POST' && call.path === '/payment/multibanco') return { status: 200, body: { entity: '12345', reference: '123456789', amount: spainTotals.totalWithTax } };
    if (call.method === 'GET' && call.path === '/shop') return { status: 200, body: shopDetailsFactory({ withdrawalDays: 30 }) };
    return undefined;
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const shippingGroup = () => within(screen.getByRole('group', { name: 'Método de envio' }));

resetCartScreensBetweenTests();
beforeEach(() => storeCart([caixa, agenda]));

describe("the checkout's country", () => {
  it("offers Portugal and the zones' countries, checks a Spanish postcode and phone, and shows the Spain zone's price before the order", async () => {
    const calls = serve();
    renderRoutes([{ path: '/checkout', element: <CheckoutPage /> }], '/checkout');
    const country = screen.getByRole('combobox', { name: 'País' }) as HTMLSelectElement;
    await waitFor(() => expect([...country.options].map((o) => [o.value, o.textContent])).toEqual([['PT', 'Portugal'], ['ES', 'Espanha'], ['FR', 'França']]));
    expect(country.value).toBe('PT');

    fireEvent.change(country, { target: { value: 'ES' } });
    for (const [label, value] of Object.entries({ 'Nome completo': 'Lucía Pérez', Email: 'lucia@example.es', Telefone: '612 345 678', Morada: 'Calle Mayor 1', Cidade: 'Madrid', 'Código postal': '2801' })) type(label, value);
    fireEvent.click(screen.getByRole('button', { name: 'Encomendar e pagar' }));
    // Spain's rules, word for word; nothing is ordered.
    expect(await screen.findByText('O código postal espanhol tem 5 algarismos (por exemplo 28013).')).toBeTruthy();
    expect(screen.getByText('Indique o telefone com o indicativo do país (por exemplo +34 612 345 678).')).toBeTruthy();
    expect(calls.some((c) => c.path === '/order')).toBe(false);

    type('Código postal', '28013');
    type('Telefone', '+34 612 345 678');
    // The Spain zone's method and its price, asked for with the country.
    expect(await shippingGroup().findByText('Correos')).toBeTruthy();
    expect(shippingGroup().getByText('Envio para Espanha.')).toBeTruthy();
    expect(shippingGroup().getByText('12,50 €')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/order/calculate-totals').at(-1)?.body).toMatchObject({ postal_code: '28013', country: 'ES' });

    fireEvent.click(screen.getByRole('button', { name: 'Encomendar e pagar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/order')).toBe(true));
    expect(calls.find((c) => c.path === '/order')?.body).toMatchObject({ country: 'ES', postal_code: '28013', phone: '+34612345678', shipping_cost: 12.5, shipping_method_id: 8 });
  });

  it("says the shop does not ship to a country without a zone's method", async () => {
    serve();
    renderRoutes([{ path: '/checkout', element: <CheckoutPage /> }], '/checkout');
    const country = screen.getByRole('combobox', { name: 'País' }) as HTMLSelectElement;
    await waitFor(() => expect(country.options).toHaveLength(3));
    fireEvent.change(country, { target: { value: 'FR' } });
    type('Código postal', '75001');
    expect(await shippingGroup().findByText(notServed)).toBeTruthy();
  });
});
