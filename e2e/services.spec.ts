import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { admin, baseURL, escapeRegExp, expect, expectAccessible, signIn, openAccountMenu, randomSuffix, test, urlOf } from './fixtures.ts';

const servicesTabUrl = urlOf('/admin-dashboard?tab=servicos');
const editUrl = new RegExp(`^${escapeRegExp(baseURL)}/admin-dashboard/edit-service/(\\d+)$`);

const messages = {
  name: 'Por favor, insira um nome para o serviço.',
  description: 'Por favor, insira uma descrição para o serviço.',
  link: 'Por favor, insira um link para o calendário.',
  confirm: 'Tem certeza que deseja excluir este serviço?',
  notFound: 'Serviço não encontrado',
};

/** A real PNG (the server checks images by their content). */
async function png(name: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 125, g: 154, b: 122 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** An API session of the shop's admin, for setting up and cleaning up data the journeys do not click through. */
async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** Deletes the services whose name contains `text`: a journey stopped halfway must not leave one behind. */
async function deleteServicesNamed(api: APIRequestContext, text: string) {
  const list = (await (await api.get('/api/service')).json()) as { id: number; name: string }[];
  for (const service of list.filter((s) => s.name.includes(text))) await api.delete(`/api/service/${service.id}`);
}

const cards = (page: Page) => page.getByRole('main').getByRole('listitem');
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 2 });

test.describe('serviços', () => {
  let api: APIRequestContext;
  let suffix = '';
  test.beforeAll(async () => {
    api = await adminApi();
  });
  test.afterEach(async () => {
    if (suffix) await deleteServicesNamed(api, suffix);
    suffix = '';
  });
  test.afterAll(async () => {
    await api.dispose();
  });

  test('lista: pela ordem da loja, depois por nome; pesquisar; abrir o detalhe', async ({ page }) => {
    suffix = randomSuffix();
    // Same display order, so the chosen sort decides between them.
    for (const name of [`Zona de arrumos ${suffix}`, `Arrumação de garagens ${suffix}`]) {
      const res = await api.post('/api/service', {
        multipart: { name, description: 'Um serviço de teste.', schedule_link: 'https://calendly.com/loja/teste', order: '1' },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto('/servicos');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Serviços' })).toBeVisible();
    await expect(page).toHaveTitle('Serviços | Loja');
    await expect(cardNames(page).first()).toBeVisible();
    // Ours first (order 1), by name A-Z; the demo services (orders 10 to 40) after them.
    await expect(cardNames(page).nth(0)).toHaveText(`Arrumação de garagens ${suffix}`);
    await expect(cardNames(page).nth(1)).toHaveText(`Zona de arrumos ${suffix}`);
    await expect(cardNames(page).nth(2)).toHaveText('Consultoria de organização em casa');

    // Nome: Z-A sorts by name alone, whatever the display order.
    await main.getByLabel('Ordenar por').selectOption({ label: 'Nome: Z-A' });
    await expect(cardNames(page).first()).toHaveText(`Zona de arrumos ${suffix}`);
    await expect(cardNames(page).last()).toHaveText(`Arrumação de garagens ${suffix}`);

    await main.getByRole('searchbox', { name: 'Pesquisar' }).fill('ORGANIZAÇÃO');
    // Still Nome: Z-A.
    await expect(cardNames(page)).toHaveText(['Organização de mudanças', 'Consultoria de organização em casa']);
    await main.getByRole('searchbox', { name: 'Pesquisar' }).fill('jardinagem');
    await expect(main.getByText('Nenhum serviço encontrado. Tente ajustar os filtros de pesquisa.')).toBeVisible();
    await expectAccessible(page, 'lista sem resultados');

    await main.getByRole('searchbox', { name: 'Pesquisar' }).fill('sessão');
    const card = cards(page).filter({ has: page.getByRole('heading', { level: 2, name: 'Sessão online de planeamento' }) });
    await expect(card.getByText('Uma hora por videochamada para pôr a semana, a casa e a cabeça em ordem.')).toBeVisible();
    const book = card.getByRole('link', { name: /^Agendar: Sessão online de planeamento/ });
    await expect(book).toHaveAttribute('href', 'https://calendly.com/loja-organizacao/sessao-online');
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book).toHaveAttribute('rel', 'noopener noreferrer');
    await card.getByRole('link', { name: 'Ver mais: Sessão online de planeamento' }).click();

    await expect(page).toHaveURL(/\/servicos\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Sessão online de planeamento' })).toBeVisible();
    await expect(page).toHaveTitle('Sessão online de planeamento | Loja');
    const crumbs = page.getByRole('navigation', { name: 'Navegação estrutural' });
    await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Serviços']);
    await expect(crumbs).toContainText('Sessão online de planeamento');
    await expect(main.getByRole('img', { name: 'Sessão online de planeamento' })).toBeVisible();
    await expect(main.getByRole('link', { name: /^Agendar Serviço/ })).toHaveAttribute('target', '_blank');
    await expect(main.getByRole('link', { name: 'Editar Serviço' })).toHaveCount(0);

    await page.goto('/servicos/999999');
    await expect(main.getByRole('heading', { level: 1, name: messages.notFound })).toBeVisible();
  });

  test('o administrador cria um serviço com imagem, vê-o na loja, edita-o e elimina-o', async ({ page }) => {
    test.slow();
    suffix = randomSuffix();
    const name = `Organização de escritórios ${suffix}`;
    const renamed = `Organização de escritórios em casa ${suffix}`;
    let id = '';

    await signIn(page, admin.email, admin.password);
    const menu = await openAccountMenu(page);
    await menu.getByRole('link', { name: 'Admin Dashboard', exact: true }).click();
    await page.getByRole('tab', { name: 'Serviços', exact: true }).click();
    await expect(page).toHaveURL(servicesTabUrl);
    await expect(page.getByRole('region', { name: 'Lista de serviços' })).toBeVisible();

    await test.step('criar, com as mensagens só depois de tentar guardar', async () => {
      await page.getByRole('link', { name: 'Novo serviço', exact: true }).click();
      await expect(page).toHaveURL(urlOf('/admin-dashboard/create-service'));
      const main = page.getByRole('main');
      await expect(main.getByText(messages.name)).toHaveCount(0);
      await main.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(main.getByText(messages.name)).toBeVisible();
      await expect(main.getByText(messages.description)).toBeVisible();
      await expect(main.getByText(messages.link)).toBeVisible();
      await expectAccessible(page, 'formulário com erros');

      await main.getByLabel('Nome', { exact: true }).fill(name);
      await main.getByLabel('Descrição', { exact: true }).fill('Um escritório em casa arrumado para trabalhar melhor: papéis, cabos e arquivo.');
      await main.getByLabel('Descrição curta', { exact: true }).fill('Papéis, cabos e arquivo em ordem.');
      await main.getByLabel('Ordem', { exact: true }).fill('1');
      await main.getByLabel('Link do calendário', { exact: true }).fill('https://calendly.com/loja/escritorios');
      await main.getByLabel('Escolher imagem', { exact: true }).setInputFiles(await png('escritorio.png'));
      await expect(main.getByRole('img', { name: 'Pré-visualização de escritorio.png' })).toBeVisible();
      await main.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page).toHaveURL(servicesTabUrl);
      await expect(page.getByText('Serviço criado.', { exact: true })).toBeVisible();
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      await expect(row).toHaveCount(1);
      await expect(row.locator('img')).toHaveAttribute('src', /\/api\/images\/\d+\/[0-9a-f]{12}\/thumb\.webp$/);
      const href = await row.getByRole('link', { name: `Editar serviço ${name}` }).getAttribute('href');
      id = /\/edit-service\/(\d+)$/.exec(href ?? '')?.[1] ?? '';
      expect(id, `edit link ${href}`).not.toBe('');
    });

    await test.step('na loja, com a imagem e o atalho de edição', async () => {
      await page.goto(`/servicos/${id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(main.getByRole('img', { name })).toBeVisible();
      await main.getByRole('link', { name: 'Editar Serviço' }).click();
      await expect(page).toHaveURL(editUrl);
    });

    await test.step('editar: novo nome e sem imagem', async () => {
      const main = page.getByRole('main');
      await expect(main.getByLabel('Nome', { exact: true })).toHaveValue(name);
      await expect(main.getByRole('img', { name: `Imagem atual de ${name}` })).toBeVisible();
      await main.getByLabel('Nome', { exact: true }).fill(renamed);
      await main.getByRole('button', { name: 'Remover imagem', exact: true }).click();
      await expect(main.getByRole('img', { name: `Imagem atual de ${name}` })).toHaveCount(0);
      await main.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page).toHaveURL(servicesTabUrl);
      await expect(page.getByText('Serviço guardado.', { exact: true })).toBeVisible();

      await page.goto(`/servicos/${id}`);
      await expect(main.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
      await expect(main.getByText('Sem imagem')).toBeAttached();
    });

    await test.step('eliminar depois de confirmar', async () => {
      await page.goto(`/admin-dashboard/edit-service/${id}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Eliminar', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(messages.confirm);
      await expect(dialog).toContainText(renamed);
      await expectAccessible(page, 'confirmação');
      await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await expect(page).toHaveURL(servicesTabUrl);
      await expect(page.getByText('Serviço eliminado.', { exact: true })).toBeVisible();
      await expect(page.getByRole('rowheader', { name: renamed })).toHaveCount(0);
      expect((await page.request.get(`/api/service/${id}`)).status()).toBe(404);
    });
  });

  test('o mapa do site mostra o XML e descarrega sitemap.xml', async ({ page }) => {
    await page.goto('/sitemap');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Mapa do site' })).toBeVisible();
    const xml = main.getByRole('region', { name: 'Conteúdo de sitemap.xml' });
    await expect(xml).toContainText('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    await expect(xml).toContainText(`<loc>${baseURL}/servicos</loc>`);
    await expect(xml).toContainText(new RegExp(`<loc>${escapeRegExp(baseURL)}/servicos/\\d+</loc>`));

    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: 'Download sitemap.xml' }).click()]);
    expect(download.suggestedFilename()).toBe('sitemap.xml');
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(await (await page.request.get('/sitemap.xml')).text());
  });

  test('@mobile serviços e mapa do site num telemóvel, sem deslocação lateral', async ({ page }) => {
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto('/servicos');
    await expect(cardNames(page).first()).toBeVisible();
    await expect(cards(page).first().getByRole('link', { name: /^Agendar:/ })).toBeVisible();
    expect(await noSideScroll()).toBe(true);
    await page.goto('/sitemap');
    await expect(page.getByRole('region', { name: 'Conteúdo de sitemap.xml' })).toContainText('<urlset');
    expect(await noSideScroll()).toBe(true);
  });
});
