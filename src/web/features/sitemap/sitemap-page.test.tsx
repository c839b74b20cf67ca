// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderServices } from '../services/services-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url>\n    <loc>https://loja.pt/servicos/3</loc>\n  </url>\n</urlset>\n';

/** fetch as the server answers: the sitemap as XML text, the session probe a 401. */
function serveSitemap(status = 200) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://loja.test').pathname;
    calls.push(`${init.method ?? 'GET'} ${path} ${new Headers(init.headers).get('accept')}`);
    if (path === '/api/seo/sitemap.xml' && status === 200) return new Response(XML, { status: 200, headers: { 'Content-Type': 'application/xml' } });
    return new Response(JSON.stringify({ error: 'x', message: 'x', code: 'X' }), { status: path === '/api/user/profile' ? 401 : status });
  });
  return calls;
}

describe('sitemap page', () => {
  it('shows the XML as text and downloads it as sitemap.xml', async () => {
    const calls = serveSitemap();
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:sitemap'), revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });

    renderServices('/sitemap');
    expect(screen.getByRole('heading', { level: 1, name: 'Mapa do site' })).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Conteúdo de sitemap.xml' });
    expect(region.textContent).toBe(XML);
    expect(region.tagName).toBe('PRE');
    expect(calls).toContain('GET /api/seo/sitemap.xml application/xml');

    fireEvent.click(screen.getByRole('button', { name: 'Download sitemap.xml' }));
    expect(clicked).toEqual(['sitemap.xml blob:sitemap']);
    expect(await created[0]?.text()).toBe(XML);
    expect(created[0]?.type).toBe('application/xml');
  });

  it("says 'Erro ao carregar o sitemap.' when it cannot be read", async () => {
    serveSitemap(500);
    renderServices('/sitemap');
    expect(await screen.findByText('Erro ao carregar o sitemap.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download sitemap.xml' })).toBeNull();
  });
});
