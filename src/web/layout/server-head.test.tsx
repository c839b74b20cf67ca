// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { dropServerTitle, useServerHeadUntilNavigation } from './server-head.ts';

const serverHead = `
  <meta charset="UTF-8" />
  <title>Caixa de linho | Loja</title>
  <meta name="description" content="Uma caixa" />
  <link rel="icon" href="/favicon.svg" />
  <link rel="canonical" href="https://loja.pt/produtos/1" />
  <meta property="og:title" content="Caixa de linho" />
  <meta property="product:price:amount" content="12.50" />
  <meta name="twitter:card" content="summary" />
  <script type="application/ld+json">{}</script>`;

function Shell() {
  useServerHeadUntilNavigation();
  return <Outlet />;
}

afterEach(cleanup);

describe('the head the server wrote', () => {
  it('gives its title and description to the app at once, and its page tags at the first navigation', async () => {
    document.head.innerHTML = `${serverHead}<title>Caixa de linho | Loja</title>`;
    dropServerTitle();
    expect([...document.head.querySelectorAll('title')].map((t) => t.textContent)).toEqual(['Caixa de linho | Loja']);
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();

    const router = createMemoryRouter(
      [{ element: <Shell />, children: [{ path: '/produtos/1', element: <p>Produto</p> }, { path: '/carrinho', element: <p>Carrinho</p> }] }],
      { initialEntries: ['/produtos/1'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.head.querySelectorAll('link[rel="canonical"], meta[property], meta[name^="twitter:"], script')).toHaveLength(5);

    await act(() => router.navigate('/carrinho'));
    expect(document.head.querySelectorAll('link[rel="canonical"], meta[property], meta[name^="twitter:"], script')).toHaveLength(0);
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();
  });

  it("keeps the server's title until the app's replaces its text: the page is never without one", async () => {
    document.head.innerHTML = serverHead;
    dropServerTitle();
    const kept = document.head.querySelector('title');
    // As main.tsx takes a server-rendered page over: React hoisted the title out of the page's HTML.
    const container = document.body.appendChild(document.createElement('div'));
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <title>Caixa de linho | Loja</title>);
    });
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelector('title')).toBe(kept);
    expect(document.title).toBe('Caixa de linho | Loja');
    act(() => root?.unmount());
    container.remove();
  });
});
