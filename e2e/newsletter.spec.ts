import type { APIRequestContext, Page } from '@playwright/test';
import { admin, expect, expectAccessible, linkIn, patience, randomSuffix, readMail, signIn, test, uniqueEmail } from './fixtures.ts';

const subscribed = 'Obrigado pela sua inscrição! Verifique o seu email para confirmar.';
const confirmed = 'Subscrição confirmada! Passa a receber a newsletter da Loja.';

/** A confirmed subscriber made through the public API (subscribe, then the link from the mail). */
async function confirmedSubscriber(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('leitora');
  const since = Date.now();
  const res = await request.post('/api/newsletter', { data: { email } });
  expect(res.status(), await res.text()).toBe(200);
  const token = new URL(linkIn(await readMail(email, 'Confirme a subscrição', { since }))).searchParams.get('token') ?? '';
  const verified = await request.get('/api/newsletter/verify', { params: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return email;
}

/** The footer's form, whose code the page fetches once the customer scrolls near the footer. */
async function footerForm(page: Page) {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  return page.getByRole('contentinfo').getByRole('region', { name: 'Newsletter' });
}

test.describe('newsletter', () => {
  test('um visitante subscreve no rodapé e confirma com o link do email', async ({ page }) => {
    const email = uniqueEmail('visitante');
    await page.goto('/produtos');
    const form = await footerForm(page);
    await form.getByLabel('O seu email').fill(email);
    await expect(form).toContainText('Pode cancelar a subscrição a qualquer momento');
    const since = Date.now();
    await form.getByRole('button', { name: 'Subscrever' }).click();
    await expect(form.getByText(subscribed)).toBeVisible();
    await expect(form.getByLabel('O seu email')).toHaveValue('');

    const link = linkIn(await readMail(email, 'Confirme a subscrição da newsletter', { since }));
    expect(new URL(link).pathname).toBe('/newsletter/verify');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmação da newsletter' })).toBeVisible();
    await expect(page.getByText(confirmed)).toBeVisible();
  });

  test('o admin escreve a newsletter, envia um teste, liga o envio e vê-o no histórico', async ({ page, request }) => {
    const reader = await confirmedSubscriber(request);
    const title = `Novidades ${randomSuffix()}`;
    await signIn(page, admin.email, admin.password);
    await page.goto('/admin-dashboard?tab=newsletter');
    await expect(page.getByRole('tab', { name: 'Newsletter', exact: true })).toHaveAttribute('aria-selected', 'true');

    await test.step('escrever e guardar', async () => {
      await page.getByLabel('Título', { exact: true }).fill(title);
      await page.getByRole('textbox', { name: 'Conteúdo' }).fill('Chegaram os novos cadernos de planeamento.');
      await expect(page.getByText('Guarde as alterações antes de enviar a newsletter ou um teste.')).toBeVisible();
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByText('Newsletter guardada.')).toBeVisible();
    });

    await test.step('enviar um teste para o próprio admin', async () => {
      const since = Date.now();
      await page.getByRole('button', { name: 'Enviar teste para mim' }).click();
      await expect(page.getByText(`Enviámos um email de teste para ${admin.email}.`)).toBeVisible();
      const testMail = await readMail(admin.email, `[Teste] ${title}`, { since });
      expect(testMail.text).toContain('Chegaram os novos cadernos de planeamento.');
    });

    await test.step('ligar o envio', async () => {
      const since = Date.now();
      await page.getByRole('switch', { name: 'Enviar a newsletter aos subscritores' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar a newsletter' });
      await expect(dialog).toContainText(`«${title}»`);
      await expectAccessible(page, 'confirmação do envio');
      await dialog.getByRole('button', { name: 'Enviar agora' }).click();
      await expect(page.getByText(/^Envio da newsletter iniciado para \d+ subscritor/)).toBeVisible();

      // The send runs in the job queue; the switch turns itself off at the end and the history shows it.
      await expect(page.getByRole('switch', { name: 'Enviar a newsletter aos subscritores' })).not.toBeChecked({ timeout: patience(15_000) });
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
      await expect(row).toContainText('Enviada');
      await expect(row.getByRole('cell').nth(4)).toHaveText('0');

      const newsletter = await readMail(reader, title, { since });
      const unsubscribe = newsletter.headers.find((h) => h.key === 'list-unsubscribe')?.value ?? '';
      expect(unsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/newsletter\/unsubscribe\?token=/);
      expect(newsletter.text).toContain('Cancelar a subscrição:');

      // The reader follows the newsletter's own unsubscribe link.
      const pageLink = /Cancelar a subscrição: (\S+)/.exec(newsletter.text ?? '')?.[1] ?? '';
      expect(new URL(pageLink).pathname).toBe('/newsletter/unsubscribe');
      await page.goto(pageLink);
      await expect(page.getByText('A sua subscrição foi cancelada. Não voltará a receber a newsletter da Loja.')).toBeVisible();
    });
  });

  test('no telemóvel, o formulário do rodapé pede um email válido @mobile', async ({ page }) => {
    await page.goto('/newsletter/verify');
    await expect(page.getByText('Token não encontrado')).toBeVisible();
    await page.goto('/produtos');
    await expectAccessible(page, 'produtos no telemóvel');
    const form = await footerForm(page);
    await form.getByLabel('O seu email').fill('sem-arroba');
    await form.getByRole('button', { name: 'Subscrever' }).click();
    await expect(form.getByText('Por favor insira um email válido.')).toBeVisible();
    await expect(form.getByLabel('O seu email')).toHaveAttribute('aria-invalid', 'true');
    // Scrolled to its end, a footer link sits half under the sticky header: the check tells that from a small target.
    await expectAccessible(page, 'rodapé com o erro do email');
  });
});
