import { describe, expect, it } from 'vitest';
import { catalogMessages, productForm } from '#shared/schemas/catalog.ts';
import { productFormData, productFormDefaults, type ProductFormValues } from './product-form-values.ts';
import { productFactory } from './product-test-utils.tsx';

const base: ProductFormValues = { ...productFormDefaults(), name: 'Caixa', description: 'Cartão.', price: '12,5', stock: '3' };
const textOf = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
const clientIssues = (values: ProductFormValues) => {
  const result = productForm.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('product form values', () => {
  it('marks each problem on its own field, all at once', () => {
    expect(clientIssues({ ...base, name: '', description: '', order: '', price: 'x', stock: '' })).toEqual({
      name: catalogMessages.nameRequired,
      description: catalogMessages.descriptionRequired,
      order: catalogMessages.orderRequired,
      price: catalogMessages.priceRequired,
      stock: catalogMessages.stockRequired,
    });
    expect(
      clientIssues({ ...base, hasVariants: true, variants: [{ name: '', price: '', stock: '', sku: 'S' }, { name: 'B', price: '2', stock: '1', sku: 'S' }] }),
    ).toEqual({
      'variants.0.name': catalogMessages.variantName,
      'variants.0.price': catalogMessages.variantPrice,
      'variants.0.stock': catalogMessages.variantStock,
      'variants.1.sku': catalogMessages.skuRepeated,
    });
  });

  it('fills the form from a product and back', () => {
    const product = productFactory({
      hasVariants: true,
      variants: [{ id: 3, name: 'A5', price: 9.9, stock: 2, sku: null }],
      isDigital: true,
      link: 'https://exemplo.pt/x',
    });
    const values = productFormDefaults(product);
    expect(values).toMatchObject({ order: '1', price: '', stock: '', link: 'https://exemplo.pt/x', variants: [{ id: 3, price: '9,90', stock: '2', sku: '' }] });
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const form = productFormData(values, [file], [7, 8]);
    expect(textOf(form)).toEqual({
      name: 'Caixa organizadora',
      description: 'Caixa de cartão reciclado.',
      order: '1',
      isDigital: 'true',
      link: 'https://exemplo.pt/x',
      hasVariants: 'true',
      variants: '[{"id":3,"name":"A5","price":"9.90","stock":2,"sku":null}]',
      imagesToRemove: '[7,8]',
    });
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.png']);
  });
});
