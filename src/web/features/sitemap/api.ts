import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** backoffice.md §7 `GET /seo/sitemap.xml`, read as text (the client hands back a body that is not JSON as it came). */
const fetchSitemap = async (signal?: AbortSignal): Promise<string> => {
  const body = await api.get<unknown>('/seo/sitemap.xml', { headers: { Accept: 'application/xml' }, signal });
  if (typeof body !== 'string') throw new Error('sitemap is not text');
  return body;
};

export const sitemapQueryOptions = queryOptions({ queryKey: ['seo', 'sitemap'] as const, queryFn: ({ signal }) => fetchSitemap(signal) });
