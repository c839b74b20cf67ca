// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Outlet } from 'react-router';
import { productFactory, serviceFactory } from '../test/factories.ts';
import { newQueryClient } from '../app-providers.tsx';
import { fakeApi, renderRoutes } from '../test/harness.tsx';
import { createRoutes } from '../routes.tsx';
import { RouteHead } from './page-head.tsx';

afterEach(cleanup);

const shopDetails = { legalName: 'Loja, Lda.', nif: '509999999', address: 'Rua A, Porto', phone: '+351 910 000 000', email: 'ola@loja.pt', social: [] };

/** The route table's pages under a bare root that shows the head (the layout's header and footer aside). */
function renderTable(path: string) {
  // The app's own query client (main.tsx): what a loader fetched is fresh when the page reads it.
  const queryClient = newQueryClient();
  const [root] = createRoutes(queryClient);
  const routes = [{ ...root, element: <><RouteHead /><Outlet /></> }];
  return renderRoutes(routes, path, queryClient);
}

const head = () => ({
  titles: [...document.head.querySelectorAll('title')].map((title) => title.textContent),
  description: document.head.querySelector('meta[name="description"]')?.getAttribute('content'),
  canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  ogTitle: document.head.querySelector('meta[property="og:title"]')?.getAttribute('content'),
  ogType: document.head.querySelector('meta[property="og:type"]')?.getAttribute('content'),
  robots: document.head.querySelector('meta[name="robots"]')?.getAttribute('content'),
});

describe('the head of each page, from its route', () => {
  it('follows the page shown: its title, snippet, canonical address and Open Graph, or noindex for a missing product', async () => {
    const product = productFactory({ id: 7, name: 'Caixa', description: 'Caixa   em cartão\nforrado.' });
    const calls = fakeApi(null, ({ path }) => {
      if (path === '/product/7') return { status: 200, body: product };
      if (path === '/product') return { status: 200, body: { rows: [product], count: 1 } };
      if (path === '/service/3') return { status: 200, body: serviceFactory({ id: 3, name: 'Sessão online', short_description: 'Uma hora.' }) };
      if (path === '/shop') return { status: 200, body: shopDetails };
      return undefined;
    });
    const { router } = renderTable('/produtos/7');
    await screen.findByRole('heading', { level: 1, name: 'Caixa' });
    expect(head()).toEqual({
      titles: ['Caixa | Loja'],
      description: 'Caixa em cartão forrado.',
      canonical: 'http://localhost/produtos/7',
      ogTitle: 'Caixa',
      ogType: 'product',
      robots: undefined,
    });
    // The loader's answer is the page's: one request for the product.
    expect(calls.filter((call) => call.path === '/product/7')).toHaveLength(1);

    await act(() => router.navigate('/servicos/3'));
    await screen.findByRole('heading', { level: 1, name: 'Sessão online' });
    expect(head()).toMatchObject({ titles: ['Sessão online | Loja'], description: 'Uma hora.', canonical: 'http://localhost/servicos/3', ogType: 'website' });

    await act(() => router.navigate('/sobre'));
    expect(head()).toMatchObject({ titles: ['Sobre | Loja'], canonical: 'http://localhost/' });

    await act(() => router.navigate('/produtos/999'));
    await screen.findByText('Produto não encontrado ou sem imagens.');
    expect(head()).toEqual({
      titles: ['Produto não encontrado | Loja'],
      description: 'Produto não encontrado ou sem imagens.',
      canonical: undefined,
      ogTitle: undefined,
      ogType: undefined,
      robots: 'noindex',
    });
  });
});
