// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartCountAnnouncer } from '../../layout/cart-count-announcer.tsx';
import { CartDrawerHost } from './cart-drawer-host.tsx';
import { addItem, type NewCartItem, setQuantity } from './cart-store.ts';
import { fakeApi, renderRoutes, spaced, storeCart } from './cart-test-utils.tsx';
import { freeShippingMessage, freeShippingProgress } from './free-shipping.ts';

const caixa: NewCartItem = { id: '1', productId: 1, name: 'Caixa organizadora', price: 12.5, image: '/media/p1.webp', isDigital: false, variant: null };
const agenda: NewCartItem = { id: 'AG-A5', productId: 8, name: 'Agenda 2026', price: 15, image: null, isDigital: false, variant: { id: 21, name: 'A5' } };
const planner: NewCartItem = { id: '9', productId: 9, name: 'Planner PDF', price: 4.99, image: null, isDigital: true, variant: null };

// jsdom has <dialog> without its modal behaviour: just enough of it (the real one is covered by e2e/cart-drawer.spec.ts).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('button, a[href]')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

/** A page with add buttons, as a product list or page has, and a 'Comprar Agora' that adds and goes to the cart. */
function ShopPage() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => addItem(caixa, 1)}>
        Adicionar caixa
      </button>
      <button type="button" onClick={() => addItem(agenda, 3)}>
        Adicionar agenda
      </button>
      <button type="button" onClick={() => addItem(planner, 1)}>
        Adicionar planner
      </button>
      <PickerAdd />
      <button
        type="button"
        onClick={() => {
          addItem(caixa, 1);
          void navigate('/carrinho');
        }}
      >
        Comprar Agora
      </button>
    </>
  );
}

/** A card's add with a variant picker: the add is made from inside a dialog that is gone by the time the drawer opens. */
function PickerAdd() {
  const [picking, setPicking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={opener} onClick={() => setPicking(true)}>
        Escolher variante
      </button>
      {picking && (
        <button
          type="button"
          onClick={() => {
            setPicking(false);
            addItem(agenda, 1, undefined, opener.current ?? undefined);
          }}
        >
          Variante A5
        </button>
      )}
    </>
  );
}

const renderShop = () =>
  renderRoutes(
    [
      {
        element: (
          <>
            <CartCountAnnouncer />
            <Outlet />
            <CartDrawerHost />
          </>
        ),
        children: [
          { path: '/produtos', element: <ShopPage /> },
          { path: '/carrinho', element: <p>Página do carrinho</p> },
          { path: '/checkout', element: <p>Página do checkout</p> },
        ],
      },
    ],
    '/produtos',
  );

const drawer = () => screen.findByRole('dialog', { name: 'Adicionado ao carrinho' });
const press = async (name: string) => {
  const button = await screen.findByRole('button', { name });
  button.focus();
  fireEvent.click(button);
  return button;
};
const text = (element: HTMLElement) => spaced(element.textContent ?? '');

beforeEach(() => {
  localStorage.clear();
  fakeApi(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('free delivery progress (the one shipping rule: free from 70,00 €)', () => {
  it('says what is missing, in cents', () => {
    const progress = freeShippingProgress(5770);
    expect(progress).toEqual({ missingCents: 1230, share: 5770 / 7000 });
    expect(spaced(freeShippingMessage(progress))).toBe('Faltam 12,30 € para portes grátis.');
  });

  it('says delivery is free at and above the threshold', () => {
    expect(freeShippingProgress(7000)).toEqual({ missingCents: 0, share: 1 });
    expect(freeShippingMessage(freeShippingProgress(9999))).toBe('Os portes são grátis.');
  });
});

describe('cart drawer', () => {
  it('opens on an add with the line just added, the subtotal and what is missing for free delivery', async () => {
    storeCart([{ ...caixa, quantity: 1 }]);
    renderShop();
    await press('Adicionar agenda');
    const dialog = await drawer();
    expect(within(dialog).getByText('Agenda 2026')).toBeTruthy();
    expect(within(dialog).getByText('Variante: A5')).toBeTruthy();
    expect(within(dialog).getByText('Quantidade: 3')).toBeTruthy();
    expect(within(dialog).getByText((_, el) => el?.tagName === 'P' && text(el as HTMLElement) === '45,00 €')).toBeTruthy();
    // 12,50 € already in the cart plus 3 x 15,00 €.
    const subtotal = within(dialog).getByText('Subtotal (4 artigos)');
    expect(text(subtotal.nextElementSibling as HTMLElement)).toBe('57,50 €');
    expect(within(dialog).getByText((_, el) => el?.tagName === 'P' && text(el as HTMLElement) === 'Faltam 12,50 € para portes grátis.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ver carrinho' }).getAttribute('href')).toBe('/carrinho');
    expect(within(dialog).getByRole('link', { name: 'Finalizar compra' }).getAttribute('href')).toBe('/checkout');
  });

  it('says delivery is free once the subtotal reaches the rule', async () => {
    storeCart([{ ...caixa, quantity: 5 }]);
    renderShop();
    await press('Adicionar caixa');
    const dialog = await drawer();
    expect(within(dialog).getByText('Os portes são grátis.')).toBeTruthy();
    expect(within(dialog).queryByText(/Faltam/)).toBeNull();
    expect(text(within(dialog).getByText('Subtotal (6 artigos)').nextElementSibling as HTMLElement)).toBe('75,00 €');
  });

  it('says nothing about delivery for a cart of digital products only', async () => {
    renderShop();
    await press('Adicionar planner');
    const dialog = await drawer();
    expect(within(dialog).getByText('Planner PDF')).toBeTruthy();
    expect(within(dialog).queryByText(/portes/)).toBeNull();
    // A digital product is one link (issue #25): no quantity figure.
    expect(within(dialog).queryByText(/Quantidade/)).toBeNull();
  });

  it('gives the focus back to the add button when it closes, and opens again on the next add', async () => {
    renderShop();
    const add = await press('Adicionar caixa');
    const dialog = await drawer();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(add);

    await press('Adicionar caixa');
    expect(within(await drawer()).getByText('Quantidade: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar a comprar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(add);
  });

  it('gives the focus back to the control an add names, when the add came from a dialog that has gone', async () => {
    renderShop();
    const opener = await press('Escolher variante');
    await press('Variante A5');
    const dialog = await drawer();
    expect(screen.queryByRole('button', { name: 'Variante A5' })).toBeNull();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('strikes the price before the sale of a line added at a sale price', async () => {
    renderShop();
    await screen.findByRole('button', { name: 'Adicionar caixa' });
    act(() => addItem({ ...caixa, price: 10, regularPrice: 12.5 }, 2));
    const dialog = await drawer();
    const struck = dialog.querySelector('s');
    expect(text(struck!)).toBe('Preço antes da promoção: 25,00 €');
    expect(text(struck!.parentElement!)).toBe('20,00 €Preço antes da promoção: 25,00 €');
  });

  it('keeps Tab and Shift+Tab inside: past the last control comes the first, before the first the last', async () => {
    renderShop();
    await press('Adicionar caixa');
    const dialog = await drawer();
    const close = within(dialog).getByRole('button', { name: 'Fechar' });
    const last = within(dialog).getByRole('button', { name: 'Continuar a comprar' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on the way to the cart', async () => {
    const { router } = renderShop();
    await press('Adicionar caixa');
    fireEvent.click(within(await drawer()).getByRole('link', { name: 'Ver carrinho' }));
    expect(await screen.findByText('Página do carrinho')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/carrinho');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open for "Comprar Agora", which goes to the cart', async () => {
    renderShop();
    await press('Comprar Agora');
    expect(await screen.findByText('Página do carrinho')).toBeTruthy();
    // The drawer's chunk has had time to load: it stays closed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('header count announcement', () => {
  it('says the new count politely after a change, never on load', async () => {
    storeCart([{ ...caixa, quantity: 2 }]);
    renderShop();
    await screen.findByRole('button', { name: 'Adicionar caixa' });
    const region = document.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(region.textContent).toBe('');
    act(() => addItem(caixa, 1));
    expect(region.textContent).toBe('Carrinho: 3 artigos');
    act(() => setQuantity('1', 1));
    expect(region.textContent).toBe('Carrinho: 1 artigo');
    await drawer();
  });
});
