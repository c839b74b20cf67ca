import type { APIRequestContext, Page } from '@playwright/test';
import { admin, expect, expectAccessible, randomSuffix, signIn, test, uniqueEmail, urlOf, urlStarting } from './fixtures.ts';
import { euros, findProduct, shoot, term } from './shop-helpers.ts';

// Zones by country (issue #29, decision 0055): the owner adds «Espanha» with ES and a flat method in «Envios»; a
// customer picks Espanha at the checkout, types a Madrid address and sees the Spain price before she pays.

const cabos = 'Organizador de cabos (10 un.)';
const SPAIN_CENTS = 1250;
const main = (page: Page) => page.getByRole('main');

type Zone = { id: number; code: string; countries: string[] };
type Method = { id: number; zone: string };

/** Takes away the zones with Spain (this journey's, or one a broken run left) and their methods. */
async function removeSpain(request: APIRequestContext) {
  const zones = ((await (await request.get('/api/shipping-zone')).json()) as { zones: Zone[] }).zones.filter((z) => z.countries.includes('ES'));
  const methods = ((await (await request.get('/api/shipping-method')).json()) as { methods: Method[] }).methods;
  for (const zone of zones) {
    for (const m of methods.filter((m) => m.zone === zone.code)) expect((await request.delete(`/api/shipping-method/${m.id}`)).status()).toBe(200);
    expect((await request.delete(`/api/shipping-zone/${zone.id}`)).status()).toBe(200);
  }
}

// Spain can be in one zone at a time: the two widths one after the other.
test.describe.configure({ mode: 'serial' });

for (const width of [1280, 375]) {
  test(`a dona acrescenta a zona Espanha e uma cliente de Madrid vê o preço de Espanha antes de pagar, a ${width} px`, async ({ page, openPage }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const code = `espanha-${randomSuffix()}`;
    await signIn(page, admin.email, admin.password);
    await removeSpain(page.request);
    try {
      await test.step('a dona acrescenta a zona e o seu método no separador Envios', async () => {
        await page.goto('/admin-dashboard?tab=envios');
        await expect(main(page).getByRole('heading', { level: 2, name: 'Envios' })).toBeVisible();
        await main(page).getByRole('button', { name: 'Nova zona de envio', exact: true }).click();
        const zoneForm = main(page).getByRole('form', { name: 'Nova zona de envio' });
        await zoneForm.getByLabel('Nome (como o cliente o vê)', { exact: true }).fill('Espanha');
        await zoneForm.getByLabel('Código', { exact: true }).fill(code);
        await zoneForm.getByLabel('Espanha (ES)', { exact: true }).check();
        await expectAccessible(page, `formulário de uma zona de envio a ${width} px`);
        await zoneForm.getByRole('button', { name: 'Guardar zona', exact: true }).click();
        await expect(main(page).getByText('Zona de envio criada. Acrescente-lhe um método de envio.', { exact: true })).toBeVisible();
        await expect(main(page).getByRole('heading', { level: 3, name: 'Espanha: Espanha (ES)' })).toBeVisible();

        await main(page).getByRole('button', { name: 'Novo método de envio', exact: true }).click();
        const methodForm = main(page).getByRole('form', { name: 'Novo método de envio' });
        await methodForm.getByLabel('Zona', { exact: true }).selectOption(code);
        await methodForm.getByLabel('Nome (como o cliente o vê)', { exact: true }).fill('Correos (Espanha)');
        await methodForm.getByLabel('Preço (€)', { exact: true }).fill('12,50');
        await methodForm.getByLabel('Entrega: mínimo de dias úteis', { exact: true }).fill('3');
        await methodForm.getByLabel('Entrega: máximo de dias úteis', { exact: true }).fill('6');
        await methodForm.getByRole('button', { name: 'Guardar', exact: true }).click();
        await expect(main(page).getByText('Método de envio criado.', { exact: true })).toBeVisible();
        const spainTable = main(page).getByRole('region', { name: 'Espanha: Espanha (ES)' });
        await expect(spainTable.getByRole('cell', { name: 'Correos (Espanha) Preço fixo', exact: true })).toBeVisible();
        await expectAccessible(page, `Envios com a zona Espanha a ${width} px`);
        if (width === 1280) await shoot(page, 'envios-zona-espanha');
      });

      const customer = await openPage();
      await customer.setViewportSize({ width, height: 900 });
      const product = await findProduct(customer.request, cabos);
      const goods = Math.round(product.price * 100);

      await test.step('a cliente escolhe Espanha, escreve a morada de Madrid e vê os portes de Espanha', async () => {
        await customer.goto(`/produtos?q=${encodeURIComponent(cabos)}`);
        await main(customer).getByRole('button', { name: `Adicionar ${cabos} ao carrinho`, exact: true }).click();
        await customer.getByRole('dialog', { name: 'Adicionado ao carrinho' }).getByRole('link', { name: 'Finalizar compra', exact: true }).click();
        await expect(customer).toHaveURL(urlOf('/checkout'));
        const country = main(customer).getByLabel('País', { exact: true });
        await expect(country.locator('option', { hasText: 'Espanha' })).toHaveCount(1);
        await country.selectOption('ES');
        await main(customer).getByLabel('Nome completo', { exact: true }).fill('Lucía Pérez');
        await main(customer).getByLabel('Email', { exact: true }).fill(uniqueEmail('madrid'));
        await main(customer).getByLabel('Telefone', { exact: true }).fill('+34 612 345 678');
        await main(customer).getByLabel('Morada', { exact: true }).fill('Calle Mayor 1');
        await main(customer).getByLabel('Cidade', { exact: true }).fill('Madrid');
        await main(customer).getByLabel('Código postal', { exact: true }).fill('28013');

        const shipping = main(customer).getByRole('group', { name: 'Método de envio' });
        await expect(shipping).toContainText('Envio para Espanha.');
        await expect(shipping.getByRole('radio', { name: /Correos \(Espanha\)/ })).toBeChecked();
        await expect(shipping).toContainText(euros(SPAIN_CENTS));
        const summary = main(customer).locator('.card').filter({ has: customer.getByRole('heading', { name: 'Resumo da encomenda', exact: true }) });
        await expect(term(summary, 'Portes')).toHaveText(euros(SPAIN_CENTS));
        await expect(main(customer).getByText('Total a pagar').locator('xpath=..')).toContainText(euros(goods + SPAIN_CENTS));
        expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await expectAccessible(customer, `checkout para Madrid a ${width} px`);
        if (width === 1280) await shoot(customer, 'checkout-madrid');
      });

      await test.step('a encomenda fica com o preço de Espanha', async () => {
        await main(customer).getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();
        await expect(customer).toHaveURL(urlStarting('/multibanco-payment?id='));
        await expect(term(main(customer), 'Montante').locator('.payment-figure-value')).toHaveText(euros(goods + SPAIN_CENTS));
        await expectAccessible(customer, `pagamento da encomenda para Madrid a ${width} px`);
      });
    } finally {
      await removeSpain(page.request);
    }
  });
}
