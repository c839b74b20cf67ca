import { admin, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { findProduct, placeGuestOrder } from './shop-helpers.ts';

// The page every e-mail links a guest to is the order's status page (issue #25): what she bought, where it goes,
// who the invoice is for, how it can still be paid (Multibanco and MB WAY, as the e-mails say), and where the
// order is, with dates. Seen as the guest sees it (her token, no session), on a phone and on a desktop.

const boxes = 'Conjunto de 3 caixas em cartão kraft';

for (const width of [375, 1280]) {
  test(`página da encomenda de um convidado a ${width} px: artigos, morada, fatura, pagamento e o percurso da encomenda`, async ({ page, browser }) => {
    test.slow();
    const product = await findProduct(page.request, boxes);
    const order = await placeGuestOrder(page.request, { productId: product.id });
    expect(order.accessToken, 'a guest order answers its access token').toBeTruthy();
    const link = `/order-success?id=${order.id}&token=${order.accessToken}`;

    const guest = await browser.newContext({ viewport: { width, height: 900 } });
    const view = await guest.newPage();
    await view.goto(link);
    const main = view.getByRole('main');

    // Unpaid: thanks, what was bought, where it goes, who the invoice is for, and both ways to pay.
    await expect(main.getByRole('heading', { level: 1, name: 'Obrigado pela sua encomenda!' })).toBeVisible();
    await expect(main.getByText(product.name).first()).toBeVisible();
    await expect(main.getByText(/Rua das Camélias 4/)).toBeVisible();
    await expect(main.getByText('Consumidor final', { exact: true })).toBeVisible();
    const timeline = main.getByRole('list', { name: 'Estado da encomenda' });
    await expect(timeline.getByRole('listitem')).toHaveCount(4);
    await expect(timeline.getByRole('listitem').first()).toContainText('Encomenda recebida');
    await expect(main.getByRole('button', { name: 'Pagar por MB WAY' })).toBeVisible();
    await expectAccessible(view, `encomenda por pagar, convidado, ${width} px`);

    // The owner records the payment and ships it: the same link now says where the order is, with dates.
    await signIn(page, admin.email, admin.password);
    expect((await page.request.post(`/api/order/${order.id}/mark-paid`, { data: { method: 'transfer' } })).status()).toBe(200);
    expect((await page.request.patch(`/api/order/${order.id}/status`, { data: { status: 'shipped' } })).status()).toBe(200);

    await view.reload();
    await expect(main.getByRole('heading', { level: 1, name: 'Encomenda enviada' })).toBeVisible();
    await expect(main.getByText('Obrigado pela sua encomenda!')).toHaveCount(0);
    const steps = timeline.getByRole('listitem');
    await expect(steps.nth(1)).toContainText('Pagamento recebido');
    await expect(steps.nth(1).locator('time')).toHaveCount(1);
    await expect(steps.nth(2)).toContainText('Encomenda enviada');
    await expect(steps.nth(2).locator('time')).toHaveCount(1);
    await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(3)).toContainText('(por fazer)');
    await expect(main.getByRole('button', { name: 'Pagar por MB WAY' })).toHaveCount(0);
    expect(await view.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(view, `encomenda enviada, convidado, ${width} px`);
    await guest.close();
  });
}
