// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { CART_KEY } from '../cart/cart-store.ts';
import { fakeApi, image, productFactory, renderCatalog, userFactory, variantFactory } from './catalog-test-utils.tsx';
import { clampQuantity } from './purchase-form.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const euros = (value: number) => formatEuros(value).replace(/\s/g, ' ');
const serve = (product: Product, me = null as ReturnType<typeof userFactory> | null) =>
  fakeApi(me, ({ path }) => (path === `/product/${product.id}` ? { status: 200, body: product } : undefined));
const quantityBox = () => screen.getByLabelText('Quantidade') as HTMLInputElement;
const stored = () => JSON.parse(localStorage.getItem(CART_KEY) ?? 'null') as unknown;

const agenda = productFactory({
  id: 8,
  name: 'Agenda 2026',
  description: 'Agenda semanal.\nCapa dura.',
  price: 15,
  stock: 6,
  hasVariants: true,
  images: [image(1), image(2)],
  variants: [
    variantFactory({ id: 21, name: 'A5', price: 15, stock: 4, sku: 'AG-A5' }),
    variantFactory({ id: 22, name: 'A4', price: 19.9, stock: 2, sku: null }),
    variantFactory({ id: 23, name: 'A6', price: 12, stock: 0, sku: 'AG-A6' }),
  ],
});

describe('quantity rule', () => {
  it('clamps into 1..max and turns a non-number into 1', () => {
    expect(clampQuantity('3', 5)).toBe(3);
    expect(clampQuantity('9', 5)).toBe(5);
    expect(clampQuantity('0', 5)).toBe(1);
    expect(clampQuantity('-4', 5)).toBe(1);
    expect(clampQuantity('abc', 5)).toBe(1);
    expect(clampQuantity('', 5)).toBe(1);
    expect(clampQuantity('2.7', 5)).toBe(2);
    expect(clampQuantity('5000')).toBe(5000);
  });
});

describe('product detail', () => {
  it('shows the product with breadcrumb, price, description and page metadata', async () => {
    const description = `${'Uma caixa robusta. '.repeat(10)}\nSegunda linha.`;
    serve(productFactory({ id: 3, name: 'Caixa', description }));
    renderCatalog('/produtos/3');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Caixa' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const crumbs = within(screen.getByRole('navigation', { name: 'Navegação estrutural' }));
    expect(crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(crumbs.getByRole('link', { name: 'Produtos' }).getAttribute('href')).toBe('/produtos');
    expect(crumbs.getByText('Caixa').closest('[aria-current="page"]')).toBeTruthy();

    expect(screen.getByText(euros(12.5))).toBeTruthy();
    const text = document.querySelector('.product-description');
    expect(text?.textContent).toBe(description);
    expect(screen.queryByText('Produto Digital')).toBeNull();
    expect(screen.getByRole('img', { name: 'Caixa - imagem 1 de 1' })).toBeTruthy();
    // A single image: no controls, no thumbnails.
    expect(screen.queryByRole('button', { name: /Mostrar imagem/ })).toBeNull();

    expect(screen.queryByRole('link', { name: /Editar Produto/ })).toBeNull();
  });

  it('shows the price per unit of measure beside the price, of the variant chosen (DL 138/90)', async () => {
    serve(
      productFactory({
        id: 4,
        name: 'Óleo',
        hasVariants: true,
        price: 9,
        unit: 'L',
        unit_quantity: 0.5,
        variants: [variantFactory({ id: 41, name: '500 ml', price: 9, stock: 3 }), variantFactory({ id: 42, name: '1 L', price: 15, stock: 2, unit_quantity: 1 })],
      }),
    );
    renderCatalog('/produtos/4');
    await screen.findByRole('heading', { level: 1, name: 'Óleo' });
    expect(screen.getByText(`(${euros(18)}/L)`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Variante'), { target: { value: '42' } });
    expect(await screen.findByText(`(${euros(15)}/L)`)).toBeTruthy();
  });

  it('shows no price per unit when the owner gave no quantity', async () => {
    serve(productFactory({ id: 5, name: 'Caixa' }));
    renderCatalog('/produtos/5');
    await screen.findByRole('heading', { level: 1, name: 'Caixa' });
    expect(screen.queryByText(/€\/(kg|L|m|unidade)/)).toBeNull();
  });

  it('shows several images with thumbnails that select the image', async () => {
    serve(agenda);
    renderCatalog('/produtos/8');
    await screen.findByRole('heading', { level: 1, name: 'Agenda 2026' });
    expect(screen.getByRole('img', { name: 'Agenda 2026 - imagem 1 de 2' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Agenda 2026 - imagem 2 de 2' })).toBeTruthy();
    const thumbs = within(screen.getByRole('list', { name: 'Miniaturas' }));
    const second = thumbs.getByRole('button', { name: 'Mostrar imagem 2 de 2' });
    // The picture's own 4:3 renditions at 80×60 (decision 0024), not the square crop.
    expect(second.querySelector('img')?.getAttribute('srcset')).toContain('/media/p2-320.webp 320w');
    expect(second.querySelector('img')?.getAttribute('sizes')).toBe('80px');
    fireEvent.click(second);
    await waitFor(() => expect(second.getAttribute('aria-current')).toBe('true'));
    expect(thumbs.getByRole('button', { name: 'Mostrar imagem 1 de 2' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows a placeholder for a product without images, and still shows the product', async () => {
    serve(productFactory({ id: 3, images: [] }));
    renderCatalog('/produtos/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Caixa organizadora' })).toBeTruthy();
    expect(screen.getByText('Sem imagem')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('preselects the first variant and resets the quantity when another is chosen', async () => {
    serve(agenda);
    renderCatalog('/produtos/8');
    const select = (await screen.findByLabelText('Variante')) as HTMLSelectElement;
    expect(select.value).toBe('21');
    expect([...select.options].map((o) => o.text)).toEqual([
      `A5 - ${formatEuros(15)}`,
      `A4 - ${formatEuros(19.9)}`,
      `A6 - ${formatEuros(12)} (Fora de stock)`,
    ]);
    expect(screen.getByText(euros(15))).toBeTruthy();
    expect(quantityBox().max).toBe('4');

    fireEvent.click(screen.getByRole('button', { name: 'Aumentar quantidade' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aumentar quantidade' }));
    expect(quantityBox().value).toBe('3');

    fireEvent.change(select, { target: { value: '22' } });
    expect(quantityBox().value).toBe('1');
    expect(quantityBox().max).toBe('2');
    expect(screen.getByText(euros(19.9))).toBeTruthy();

    fireEvent.change(select, { target: { value: '23' } });
    expect(screen.getByText('Fora de stock')).toBeTruthy();
    expect(screen.queryByLabelText('Quantidade')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar ao Carrinho' })).toBeNull();
  });

  it('clamps the quantity to 1..stock', async () => {
    serve(productFactory({ id: 3, stock: 3 }));
    renderCatalog('/produtos/3');
    await screen.findByRole('heading', { level: 1 });
    const minus = screen.getByRole('button', { name: 'Diminuir quantidade' }) as HTMLButtonElement;
    const plus = screen.getByRole('button', { name: 'Aumentar quantidade' }) as HTMLButtonElement;
    expect(quantityBox().value).toBe('1');
    expect(minus.disabled).toBe(true);

    fireEvent.change(quantityBox(), { target: { value: '99' } });
    expect(quantityBox().value).toBe('3');
    expect(plus.disabled).toBe(true);
    fireEvent.change(quantityBox(), { target: { value: '0' } });
    expect(quantityBox().value).toBe('1');
    fireEvent.change(quantityBox(), { target: { value: '-5' } });
    expect(quantityBox().value).toBe('1');
    // Cleared while retyping; leaving the box makes it 1.
    fireEvent.change(quantityBox(), { target: { value: '' } });
    expect(quantityBox().value).toBe('');
    fireEvent.blur(quantityBox());
    expect(quantityBox().value).toBe('1');
    fireEvent.click(plus);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(quantityBox().value).toBe('3');
    fireEvent.click(minus);
    expect(quantityBox().value).toBe('2');
  });

  // issue #25: a digital product is one link: no quantity selector, no stock figure, one copy in the cart.
  it('offers a digital product without quantity or stock, adds one copy, then says it is in the cart; the breadcrumb goes to the digital list', async () => {
    serve(productFactory({ id: 4, name: 'Planner PDF', isDigital: true, stock: 0 }));
    renderCatalog('/produtos/4');
    await screen.findByRole('heading', { level: 1, name: 'Planner PDF' });
    expect(screen.getByText('Produto Digital')).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Navegação estrutural' }));
    expect(crumbs.getByRole('link', { name: 'Produtos Digitais' }).getAttribute('href')).toBe('/produtos-digitais');
    expect(screen.queryByLabelText('Quantidade')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aumentar quantidade' })).toBeNull();
    expect(screen.queryByText(/unidades? disponíve/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect(stored()).toEqual([
      { id: '4', productId: 4, name: 'Planner PDF', price: 12.5, image: '/media/p1-1024.webp', quantity: 1, isDigital: true, variant: null },
    ]);
    expect(await screen.findByText(/Este produto digital já está no carrinho\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver o carrinho' }).getAttribute('href')).toBe('/carrinho');
    expect(screen.queryByRole('button', { name: 'Adicionar ao Carrinho' })).toBeNull();
  });

  it('hides the quantity and buttons for a physical product without stock', async () => {
    serve(productFactory({ id: 3, stock: 0 }));
    renderCatalog('/produtos/3');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Fora de stock')).toBeTruthy();
    expect(screen.queryByLabelText('Quantidade')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar ao Carrinho' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comprar Agora' })).toBeNull();
  });

  it('adds the chosen variant and quantity to the cart in the stored shape (the cart drawer confirms it)', async () => {
    serve(agenda);
    renderCatalog('/produtos/8');
    const select = await screen.findByLabelText('Variante');
    fireEvent.change(select, { target: { value: '22' } });
    fireEvent.change(quantityBox(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect(stored()).toEqual([
      { id: '8-22', productId: 8, name: 'Agenda 2026', price: 19.9, image: '/media/p1-1024.webp', quantity: 2, isDigital: false, variant: { id: 22, name: 'A4' } },
    ]);
    // No confirmation on the page itself: the cart drawer (features/cart) opens on the add and says it.
    expect(screen.queryByText('Adicionado ao carrinho')).toBeNull();

    fireEvent.change(select, { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar ao Carrinho' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect((stored() as { id: string; quantity: number }[]).map((i) => [i.id, i.quantity])).toEqual([
      ['8-22', 2],
      ['AG-A5', 2],
    ]);
  });

  it('Comprar Agora adds to the cart and goes to /carrinho', async () => {
    serve(productFactory({ id: 3 }));
    const { router } = renderCatalog('/produtos/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Comprar Agora' }));
    expect(await screen.findByText('Página do carrinho')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/carrinho');
    expect(stored()).toEqual([
      { id: '3', productId: 3, name: 'Caixa organizadora', price: 12.5, image: '/media/p1-1024.webp', quantity: 1, isDigital: false, variant: null },
    ]);
  });

  it('shows Editar Produto to admins', async () => {
    serve(productFactory({ id: 3 }), userFactory({ isAdmin: true }));
    renderCatalog('/produtos/3');
    const link = await screen.findByRole('link', { name: 'Editar Produto' });
    expect(link.getAttribute('href')).toBe('/admin-dashboard/edit-product/3');
  });

  it('says when the product does not exist', async () => {
    fakeApi(null, ({ path }) => (path === '/product/77' ? { status: 404, body: { error: 'Produto não encontrado.' } } : undefined));
    renderCatalog('/produtos/77');
    expect(await screen.findByText('Produto não encontrado ou sem imagens.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar aos produtos' }).getAttribute('href')).toBe('/produtos');
  });

  it('does not ask the server for an id that cannot exist', async () => {
    const calls = fakeApi(null);
    renderCatalog('/produtos/abc');
    expect(await screen.findByText('Produto não encontrado ou sem imagens.')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/product'))).toEqual([]);
  });

  it('says when the product cannot load', async () => {
    fakeApi(null, ({ path }) => (path === '/product/3' ? { status: 500, body: { error: 'x' } } : undefined));
    renderCatalog('/produtos/3');
    expect(await screen.findByText('Erro ao carregar detalhes do produto. Por favor tente novamente mais tarde.')).toBeTruthy();
  });
});
