// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeCall, renderRoutes } from '../../test/harness.tsx';
import { productFactory } from '../admin/products/product-test-utils.tsx';
import { HomePage } from './home-page.tsx';
import { PRODUCTS_LOAD_ERROR } from './home-sections.tsx';
import { NATURAL_SCROLL_QUERY } from './use-section-navigation.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { status: number; body?: unknown } | undefined;

function renderHome(handler: (call: FakeCall) => Answer) {
  const calls = fakeApi(null, handler);
  renderRoutes([{ path: '/', element: <HomePage /> }], '/');
  return calls;
}

const products = [1, 2, 3].map((id) => productFactory({ id, name: `Caixa ${id}`, price: 9.9 + id, hasVariants: false, variants: [] }));
const service = (id: number) => ({
  id,
  name: `Sessão ${id}`,
  description: 'Uma sessão de organização em casa, com tudo o que precisa para manter a ordem depois.',
  short_description: '',
  schedule_link: `https://agenda.exemplo.pt/${id}`,
  order: id,
  image: null,
  price: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const current = () => screen.getByRole('navigation', { name: 'Secções da página inicial' }).querySelector('[aria-current="true"]');

describe('home page', () => {
  it('shows the hero, 3 products by display order and 3 services with their booking links', async () => {
    const calls = renderHome(({ path }) =>
      path === '/content/home-hero' ? { status: 200, body: { value: '<p>Bem-vinda à Loja.</p>' } }
      : path === '/product' ? { status: 200, body: { rows: products, count: 24 } }
      : path === '/service' ? { status: 200, body: [1, 2, 3, 4].map(service) }
      : path === '/image/name/Sobre' ? { status: 200, body: { id: 1, name: 'Sobre', url: '/api/images/1/abc/1600.webp', thumbnail: '', srcset: '/api/images/1/abc/800.webp 800w', width: 1600, height: 900, size: 1, createdAt: '' } }
      : undefined,
    );
    const hero = screen.getByRole('region', { name: 'Organização pessoal, produtos e serviços' });
    expect(await within(hero).findByText('Bem-vinda à Loja.')).toBeTruthy();
    expect((await within(hero).findByRole('presentation')).getAttribute('srcset')).toBe('/api/images/1/abc/800.webp 800w');

    const productRegion = screen.getByRole('region', { name: 'Produtos em destaque' });
    for (const product of products) {
      // The shop's one product card: its name a heading under the section's, the card a link to the product.
      expect(await within(productRegion).findByRole('heading', { level: 3, name: product.name })).toBeTruthy();
      expect(within(productRegion).getByRole('link', { name: `Ver Detalhes de ${product.name}` }).getAttribute('href')).toBe(`/produtos/${product.id}`);
    }
    const productCall = calls.find((c) => c.path === '/product');
    expect(productCall).toBeDefined();

    const servicesRegion = screen.getByRole('region', { name: 'Serviços' });
    const booking = await within(servicesRegion).findAllByRole('link', { name: /^Agendar:/ });
    expect(booking).toHaveLength(3);
    expect(booking[0]?.getAttribute('href')).toBe('https://agenda.exemplo.pt/1');
    expect(booking[0]?.getAttribute('target')).toBe('_blank');
    expect(booking[0]?.getAttribute('rel')).toContain('noopener');
    expect(within(servicesRegion).getByRole('link', { name: 'Ver todos os serviços' }).getAttribute('href')).toBe('/servicos');
  });

  it('asks the server for the first 3 products by display order', async () => {
    const requested: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      requested.push(input);
      return new Response(JSON.stringify({ rows: [], count: 0 }), { status: input.includes('/product') ? 200 : 404 });
    });
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    expect(await screen.findByText('Ainda não há produtos à venda. Volte em breve!')).toBeTruthy();
    const url = new URL(requested.find((u) => u.includes('/product'))!, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ sortBy: 'order', order: 'asc', pageSize: '3' });
  });

  it('shows the products error, reads a services failure as "none yet", and no image without a Sobre image', async () => {
    renderHome(({ path }) =>
      path === '/product' ? { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } }
      : path === '/service' ? { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } }
      : undefined,
    );
    expect(await screen.findByText(PRODUCTS_LOAD_ERROR)).toBeTruthy();
    expect(await screen.findByText('Os serviços de organização estarão disponíveis em breve.')).toBeTruthy();
    expect(screen.queryByRole('presentation')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('moves by keys, dots and buttons, with real buttons and the current dot marked', async () => {
    renderHome(() => undefined);
    expect(current()?.getAttribute('aria-label')).toBe('Secção 1: Início');
    expect(screen.getByRole('button', { name: 'Secção anterior' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(current()?.getAttribute('aria-label')).toBe('Secção 2: Produtos em destaque');
    fireEvent.keyDown(document.body, { key: 'End' });
    expect(current()?.getAttribute('aria-label')).toBe('Secção 3: Serviços');
    expect(screen.getByRole('button', { name: 'Secção seguinte' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Secção 3 de 3: Serviços')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Secção 1: Início' }));
    expect(current()?.getAttribute('aria-label')).toBe('Secção 1: Início');
    fireEvent.click(screen.getByRole('button', { name: 'Secção seguinte' }));
    expect(current()?.getAttribute('aria-label')).toBe('Secção 2: Produtos em destaque');
    fireEvent.click(screen.getByRole('button', { name: 'Secção anterior' }));
    expect(current()?.getAttribute('aria-label')).toBe('Secção 1: Início');

    // Keys typed into a field belong to the field.
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(current()?.getAttribute('aria-label')).toBe('Secção 1: Início');
    input.remove();
  });

  it('leaves keys, wheel and focus to the page on a phone or a low window (NATURAL_SCROLL_QUERY)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === NATURAL_SCROLL_QUERY, media: query }));
    renderHome(({ path }) => (path === '/service' ? { status: 200, body: [service(1)] } : undefined));
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    const home = document.querySelector('.home-page') as HTMLElement;
    fireEvent.wheel(home, { deltaY: 100 });
    act(() => (screen.getByRole('link', { name: 'Ver todos os serviços' }) as HTMLElement).focus());
    expect(current()?.getAttribute('aria-label')).toBe('Secção 1: Início');
  });

  it('brings the section of a focused link into view', async () => {
    renderHome(({ path }) => (path === '/service' ? { status: 200, body: [service(1)] } : undefined));
    const link = await screen.findByRole('link', { name: 'Ver todos os serviços' });
    act(() => link.focus());
    expect(current()?.getAttribute('aria-label')).toBe('Secção 3: Serviços');
  });
});
