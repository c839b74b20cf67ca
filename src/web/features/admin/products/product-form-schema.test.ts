import { describe, expect, it } from 'vitest';
import { catalogMessages, productFields } from '#shared/schemas/catalog.ts';
import { emptyVariant, productFormData, productFormDefaults, productFormSchema, type ProductFormValues } from './product-form-schema.ts';
import { productFactory } from './product-test-utils.tsx';

const base: ProductFormValues = { ...productFormDefaults(), name: 'Caixa', description: 'Cartão.', price: '12,5', stock: '3' };
const textOf = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
const clientIssues = (values: ProductFormValues) => {
  const result = productFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('product form rules', () => {
  // The client's verdict matches the server's productFields on what the form sends.
  const cases: [string, ProductFormValues][] = [
    ['a simple product', base],
    ['no name', { ...base, name: '  ' }],
    ['a bad price', { ...base, price: '12.345' }],
    ['a negative stock', { ...base, stock: '-1' }],
    ['a decimal stock', { ...base, stock: '1.5' }],
    ['digital without a link', { ...base, isDigital: true, link: '' }],
    ['digital with a link', { ...base, isDigital: true, link: 'https://exemplo.pt/a' }],
    ['variants without rows', { ...base, hasVariants: true, variants: [] }],
    ['a variant without price', { ...base, hasVariants: true, variants: [{ ...emptyVariant(), name: 'A5', stock: '1' }] }],
    ['repeated SKUs', { ...base, hasVariants: true, variants: [{ name: 'A', price: '1', stock: '1', sku: 'X' }, { name: 'B', price: '2', stock: '1', sku: 'X' }] }],
    ['good variants', { ...base, price: '', stock: '', hasVariants: true, variants: [{ id: 4, name: 'A', price: '1.5', stock: '0', sku: '' }] }],
  ];
  for (const [label, values] of cases) {
    it(`agrees with the server: ${label}`, () => {
      const client = productFormSchema.safeParse(values).success;
      expect(productFields.safeParse(textOf(productFormData(values, [], []))).success).toBe(client);
    });
  }

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
    expect(values).toMatchObject({ order: '1', price: '', stock: '', link: 'https://exemplo.pt/x', variants: [{ id: 3, price: '9.90', stock: '2', sku: '' }] });
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
