import { admin, expect, expectAccessible, loginAs, test, urlOf, urlStarting } from './fixtures.ts';
import { findProduct, placeGuestOrder } from './shop-helpers.ts';

// The order's life is one table (decision 0034): on the admin order page, an action ("Marcar como paga")
// changes the record, and the form then shows what the order now is, so "Guardar" cannot undo it; a paid
// order is cancelled only after a confirmation. One guest order of a product no other journey counts.

const boxes = 'Conjunto de 3 caixas em cartão kraft';

test.describe('a vida da encomenda', () => {
  test('admin: Marcar como paga, depois Guardar: a encomenda fica Em Processamento; cancelar uma paga pede confirmação', async ({ page }) => {
    test.slow();
    const product = await findProduct(page.request, boxes);
    const { id } = await placeGuestOrder(page.request, { productId: product.id });
    const main = page.getByRole('main');
    const status = main.getByLabel('Estado', { exact: true });
    await loginAs(page, admin.email, admin.password);

    await page.goto(`/admin-dashboard/edit-order/${id}`);
    await expect(main.getByRole('heading', { level: 1, name: `Editar encomenda n.º ${id}` })).toBeVisible();
    await expect(status.locator('option:checked')).toHaveText('Pendente');

    // She types a new phone number, then records the transfer before saving.
    await main.getByLabel('Telefone', { exact: true }).fill('912 000 111');
    await main.getByRole('button', { name: 'Marcar como paga', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Marcar como paga' });
    await dialog.getByLabel('Como foi pago').selectOption({ label: 'Transferência bancária' });
    await dialog.getByRole('button', { name: 'Confirmar pagamento', exact: true }).click();
    await expect(main.getByText(/Paga em .*\(Transferência bancária, registado na loja\)/)).toBeVisible();

    // The form took the new status and kept what she typed; a paid order is not offered Pendente.
    await expect(status.locator('option:checked')).toHaveText('Em Processamento');
    await expect(status.locator('option')).not.toContainText(['Pendente']);
    await expect(main.getByLabel('Telefone', { exact: true })).toHaveValue('912 000 111');
    await expectAccessible(page, 'encomenda paga no formulário');

    await main.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/admin-dashboard?tab=encomendas'));
    await expect(main.getByText('Encomenda guardada.', { exact: true })).toBeVisible();
    const saved = (await (await page.request.get(`/api/order/${id}`)).json()) as { status: string; paid_at: string | null; phone: string };
    expect(saved).toMatchObject({ status: 'processing', phone: '912000111' });
    expect(saved.paid_at).not.toBeNull();

    // Cancelling the paid order asks first, and says what it does.
    await page.goto(`/admin-dashboard/edit-order/${id}`);
    await expect(status.locator('option:checked')).toHaveText('Em Processamento');
    await status.selectOption({ label: 'Cancelada' });
    await main.getByRole('button', { name: 'Guardar', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar uma encomenda paga' });
    await expect(confirm).toContainText('Esta encomenda já foi paga');
    await expect(confirm).toContainText('fica registado um reembolso por fazer');
    await expectAccessible(page, 'confirmação de cancelar uma encomenda paga');
    await confirm.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(urlOf(`/admin-dashboard/edit-order/${id}`));
    expect(((await (await page.request.get(`/api/order/${id}`)).json()) as { status: string }).status).toBe('processing');

    await main.getByRole('button', { name: 'Guardar', exact: true }).click();
    await confirm.getByRole('button', { name: 'Cancelar a encomenda', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/admin-dashboard?tab=encomendas'));
    const cancelled = (await (await page.request.get(`/api/order/${id}`)).json()) as { status: string; refund_due: number | null; total_price_with_tax: number };
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refund_due).toBe(cancelled.total_price_with_tax);
  });
});
