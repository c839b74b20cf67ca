import { describe, expect, it } from 'vitest';
import { useShellApp } from '../../../tests/helpers/web-shell.ts';
import { productFields } from '#shared/schemas/catalog.ts';
import { createProduct } from '../modules/catalog/products.ts';
import { services } from '../modules/services/tables.ts';
import { warmUp } from './warm-up.ts';

const shell = useShellApp();

describe('a fresh process warms up before it listens (decision 0058)', () => {
  it('renders the fixed storefront pages alone in a shop with nothing to sell yet', async () => {
    const warm = await warmUp(shell.app, { rounds: 1 });
    expect(warm.pages).toEqual(['/', '/produtos', '/servicos', '/contactos']);
    expect(warm.rounds).toBe(1);
  });

  it('renders one page of each kind, a few rounds', async () => {
    // As the owner's form creates it: the catalogue's cached answers (the empty list read above) are renewed.
    const product = await createProduct(shell.database.db, productFields.parse({ name: 'Caixa de arrumação', description: 'Caixa de cartão.', order: 10, price: '12.90', stock: 4 }), []);
    const [service] = await shell.database.db
      .insert(services)
      .values({ name: 'Sessão de organização', description: 'Uma sessão.', scheduleLink: 'https://calendly.com/loja/sessao' })
      .returning();
    const warm = await warmUp(shell.app, { rounds: 2 });
    expect(warm.pages).toEqual(['/', '/produtos', '/servicos', '/contactos', `/produtos/${product.id}`, `/servicos/${service?.id}`]);
    expect(warm.rounds).toBe(2);
    // The pages it rendered are the server's own renders, which now answer at once.
    const page = await shell.app.inject({ method: 'GET', url: `/produtos/${product.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Caixa de arrumação');
  });
});
