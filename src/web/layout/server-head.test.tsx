// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { HeadTags, type PageHead } from '../head/page-head.tsx';
import { dropServerHead, useServerHeadUntilNavigation } from './server-head.ts';

const product: PageHead = {
  title: 'Caixa de linho',
  description: 'Uma caixa',
  canonical: 'https://loja.pt/produtos/1',
  type: 'product',
  properties: [['product:price:amount', '12.50']],
  jsonLd: { '@type': 'Product', name: 'Caixa de linho' },
};

/** The head the server wrote (entry-server.tsx), beside the shell's own tags. */
const serverHead = () => `<meta charset="UTF-8" /><link rel="icon" href="/favicon.svg" />${renderToStaticMarkup(<HeadTags head={product} jsonLd />)}`;

function Shell() {
  useServerHeadUntilNavigation();
  return <Outlet />;
}

const pageTags = () => document.head.querySelectorAll('title, meta[name="description"], link[rel="canonical"], meta[property], meta[name^="twitter:"]');

afterEach(cleanup);

describe('the head the server wrote', () => {
  it("is taken over by the app's own tags for the page (no second title or canonical), which then follow it", async () => {
    document.head.innerHTML = serverHead();
    const written = pageTags().length;
    const kept = document.head.querySelector('title');
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { path: '/produtos/1', element: <HeadTags head={product} /> },
            { path: '/carrinho', element: <p>Carrinho</p> },
          ],
        },
      ],
      { initialEntries: ['/produtos/1'] },
    );
    // As main.tsx takes a server-rendered page over: the app's HTML is the server's (the head written apart).
    const container = document.body.appendChild(document.createElement('div'));
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <RouterProvider router={router} />);
    });
    expect(pageTags()).toHaveLength(written);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelector('title')).toBe(kept);
    expect(document.title).toBe('Caixa de linho | Loja');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);

    await act(() => router.navigate('/carrinho'));
    expect(pageTags()).toHaveLength(0);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();
    act(() => root?.unmount());
    container.remove();
  });

  it('goes before the app renders a page afresh (a 404 handed no state), leaving the shell\'s own tags', () => {
    document.head.innerHTML = serverHead();
    dropServerHead();
    expect(pageTags()).toHaveLength(0);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();
  });
});
