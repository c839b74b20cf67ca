import { describe, expect, it } from 'vitest';
import { serviceFields, serviceMessages } from '#shared/schemas/services.ts';
import { pngImage } from '../../../../tests/helpers/images.ts';
import { SITE, structuredData, useShellApp } from '../../../../tests/helpers/web-shell.ts';
import { processImage } from '../media/processing.ts';
import { createService } from '../services/services.ts';

const SHOP = {
  SHOP_LEGAL_NAME: 'Arrumar & Companhia, Lda.',
  SHOP_NIF: '509999999',
  SHOP_ADDRESS: 'Rua das Flores, 1, 4050-262 Porto, Portugal',
  SHOP_PHONE: '+351 910 000 000',
  SHOP_PUBLIC_EMAIL: 'ola@loja.example.pt',
};

const shell = useShellApp(SHOP);

const picture = async () => processImage(await pngImage(1200, 800, '#7d9a7a'), { allowSvg: false });

/** What a service of these tests is unless told otherwise: its description and its booking calendar. */
const defaults = { description: 'Uma sessão de organização.', schedule_link: 'https://calendly.com/loja/sessao' };

const newService = async (form: Record<string, string>, withImage = false) =>
  createService(shell.database.db, serviceFields.parse({ ...defaults, ...form }), withImage ? await picture() : null);

const metadata = (id: number | string) => shell.app.inject({ method: 'GET', url: `/api/seo/metadata/service/${id}` });
const page = (url: string) => shell.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

const provider = {
  '@type': 'LocalBusiness',
  '@id': `${SITE}/#loja`,
  name: 'Loja',
  legalName: 'Arrumar & Companhia, Lda.',
  url: SITE,
  email: 'ola@loja.example.pt',
  telephone: '+351 910 000 000',
  address: 'Rua das Flores, 1, 4050-262 Porto, Portugal',
  taxID: '509999999',
};

describe('GET /api/seo/metadata/service/:id', () => {
  it('answers schema.org Service provided by the shop, with its image, address and booking link; an Offer with a price', async () => {
    const s = await newService({ name: 'Sessão online de planeamento', price: '45' }, true);
    const ld = structuredData(await metadata(s.id));
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Sessão online de planeamento',
      description: defaults.description,
      url: `${SITE}/servicos/${s.id}`,
      image: [expect.stringMatching(new RegExp(`^${SITE}/api/images/\\d+/[0-9a-f]{12}/1200\\.webp$`))],
      provider,
      areaServed: { '@type': 'Country', name: 'Portugal' },
      potentialAction: { '@type': 'ReserveAction', target: defaults.schedule_link },
      offers: { '@type': 'Offer', price: '45.00', priceCurrency: 'EUR', url: `${SITE}/servicos/${s.id}` },
    });
    expect((await shell.app.inject({ method: 'GET', url: ld.image[0].slice(SITE.length) })).statusCode).toBe(200);
  });

  it('has no offer without a price and no image without a picture', async () => {
    const s = await newService({ name: 'Organização de mudanças' });
    const ld = (await metadata(s.id)).json();
    expect(ld.offers).toBeUndefined();
    expect(ld.image).toEqual([]);
  });

  it("is a 404 with 'Serviço não encontrado' for an unknown service, a 400 for a bad id", async () => {
    const absent = await metadata(999_999);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().error).toBe(serviceMessages.notFound);
    expect((await metadata('abc')).statusCode).toBe(400);
  });
});

describe('service pages served with their head filled in', () => {
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('carries title, the short description, canonical, Open Graph, Twitter card and the JSON-LD of the metadata call', async () => {
    const s = await newService({ name: 'Consultoria "em casa" <Lisboa> & arredores', short_description: 'Uma  manhã\nde organização.' }, true);
    const res = await page(`/servicos/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const head = headOf(res.body);
    const canonical = `${SITE}/servicos/${s.id}`;
    const name = 'Consultoria &quot;em casa&quot; &lt;Lisboa&gt; &amp; arredores';
    expect(head).toContain(`<title>${name} | Loja</title>`);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<meta name="description" content="Uma manhã de organização."/>');
    expect(head).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(head).toContain('<meta property="og:type" content="website"/>');
    expect(head).toContain(`<meta property="og:title" content="${name}"/>`);
    expect(head).toContain(`<meta property="og:url" content="${canonical}"/>`);
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="${SITE}/api/images/\\d+/[0-9a-f]{12}/1200\\.webp"/>`));
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).not.toContain('product:price');

    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
    expect(script).not.toContain('<');
    expect(JSON.parse(script)).toEqual((await metadata(s.id)).json());
  });

  it('describes the page by its description when it has no short one', async () => {
    const s = await newService({ name: 'Workshop', description: 'Duas horas práticas para grupos.' });
    expect(headOf((await page(`/servicos/${s.id}`)).body)).toContain('<meta name="description" content="Duas horas práticas para grupos."/>');
  });

  it('serves the service list rendered with its own head, and an unknown service as a 404 with noindex', async () => {
    const list = await page('/servicos');
    expect(list.statusCode).toBe(200);
    expect(headOf(list.body)).toContain(`<link rel="canonical" href="${SITE}/servicos"/>`);
    for (const url of ['/servicos/999999', '/servicos/abc']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex"/>');
    }
  });
});
