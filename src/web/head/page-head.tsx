import { createContext, use } from 'react';
import { useMatches } from 'react-router';
import { shop } from '#shared/shop.ts';

/**
 * What a page says about itself in the document's head, as its route declares it (routes.tsx): the title,
 * the search-result snippet, its one address, what a link preview shows and the schema.org description.
 */
export type PageHead = {
  /** The page's own name; the document's title adds the shop's. */
  title: string;
  description: string;
  /** The page's one address (absolute), or none for a page kept out of search engines (a 404). */
  canonical?: string;
  /** Open Graph type: a product page is a product, every other page a website. */
  type?: 'website' | 'product';
  /** The picture a link preview shows (absolute). */
  image?: string;
  /** Open Graph properties of the page's kind (a product's price). */
  properties?: [property: string, content: string][];
  /** schema.org JSON-LD, written by the server only (crawlers read the first answer). */
  jsonLd?: unknown;
};

/**
 * JSON inside a `<script>`: `<`, `>`, `&` and the JS line separators written as escapes, so no text can close
 * the element or open a comment.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The head's tags. The server writes them into the page's `<head>` (entry-server.tsx); in the browser React
 * hoists the same elements there and takes over the server's (identical attributes), so they change with the
 * page at each navigation.
 */
export function HeadTags({ head, jsonLd = false }: { head: PageHead; jsonLd?: boolean }) {
  const card = head.image ? 'summary_large_image' : 'summary';
  return (
    <>
      <title>{`${head.title} | ${shop.name}`}</title>
      <meta name="description" content={head.description} />
      {head.canonical === undefined ?
        <meta name="robots" content="noindex" />
      : <>
          <link rel="canonical" href={head.canonical} />
          <meta property="og:type" content={head.type ?? 'website'} />
          <meta property="og:site_name" content={shop.name} />
          <meta property="og:locale" content="pt_PT" />
          <meta property="og:title" content={head.title} />
          <meta property="og:description" content={head.description} />
          <meta property="og:url" content={head.canonical} />
          {head.image && <meta property="og:image" content={head.image} />}
          {head.image && <meta property="og:image:alt" content={head.title} />}
          {head.properties?.map(([property, content]) => <meta key={property} property={property} content={content} />)}
          <meta name="twitter:card" content={card} />
          <meta name="twitter:title" content={head.title} />
          <meta name="twitter:description" content={head.description} />
          {head.image && <meta name="twitter:image" content={head.image} />}
        </>
      }
      {jsonLd && head.jsonLd !== undefined && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(head.jsonLd) }} />}
    </>
  );
}

/** What a server-rendered page's loader answers (routes.tsx): its head. */
export type PageData = { head: PageHead };

const isPageData = (value: unknown): value is PageData => typeof value === 'object' && value !== null && 'head' in value;

/** True in the server's render, which writes the head apart (entry-server.tsx): the app's HTML carries none. */
export const HeadWrittenApart = createContext(false);

/**
 * The head of the page shown, from its route's loader. In the browser it renders from the first render on:
 * React adopts the identical tags the server wrote while it takes the page over (hydration), and owns them
 * from then on.
 */
export function RouteHead() {
  const apart = use(HeadWrittenApart);
  const page = useMatches()
    .map((match) => match.loaderData)
    .findLast(isPageData);
  return !apart && page ? <HeadTags head={page.head} /> : null;
}
