import { describe, expect, it } from 'vitest';
import { catalogMessages, productForm } from '#shared/schemas/catalog.ts';
import { emptyVariant, productFormData, productFormDefaults, type ProductFormValues } from './product-form-values.ts';
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
      clientIssues({ ...base, hasVariants: true, variants: [{ ...emptyVariant(), sku: 'S' }, { ...emptyVariant(), name: 'B', price: '2', stock: '1', sku: 'S', unit_quantity: '0' }] }),
    ).toEqual({
      'variants.0.name': catalogMessages.variantName,
      'variants.0.price': catalogMessages.variantPrice,
      'variants.0.stock': catalogMessages.variantStock,
      'variants.1.unit_quantity': catalogMessages.unitQuantity,
      'variants.1.sku': catalogMessages.skuRepeated,
    });
  });

  it('asks for the quantity and its unit together, and a quantity above zero with at most three decimals', () => {
    expect(clientIssues({ ...base, unit: 'kg' })).toEqual({ unit_quantity: catalogMessages.unitPair });
    expect(clientIssues({ ...base, unit_quantity: '0,75' })).toEqual({ unit: catalogMessages.unitPair });
    expect(clientIssues({ ...base, unit_quantity: '0,7505', unit: 'L' })).toEqual({ unit_quantity: catalogMessages.unitQuantity });
    expect(clientIssues({ ...base, unit_quantity: '0', unit: 'L' })).toEqual({ unit_quantity: catalogMessages.unitQuantity });
    expect(clientIssues({ ...base, unit: 'lb' })).toMatchObject({ unit: catalogMessages.unit });
    expect(clientIssues({ ...base, weight_grams: '1,5' })).toEqual({ weight_grams: catalogMessages.weight });
    expect(clientIssues({ ...base, unit_quantity: '0,75', unit: 'L', weight_grams: '820' })).toEqual({});
  });

  it('sends the weight, the quantity and the unit, blank to clear them', () => {
    const values = productFormDefaults(productFactory({ weight_grams: 820, unit_quantity: 0.75, unit: 'L' }));
    expect(values).toMatchObject({ weight_grams: '820', unit_quantity: '0,75', unit: 'L' });
    expect(textOf(productFormData(values, [], []))).toMatchObject({ weight_grams: '820', unit_quantity: '0,75', unit: 'L' });
    expect(textOf(productFormData({ ...values, weight_grams: ' ', unit_quantity: '', unit: '' }, [], []))).toMatchObject({ weight_grams: '', unit_quantity: '', unit: '' });
  });

  it('fills the form from a product and back', () => {
    const product = productFactory({
      hasVariants: true,
      variants: [{ id: 3, name: 'A5', price: 8, regular_price: 9.9, sale_price: 8, stock: 2, sku: null, weight_grams: 120, unit_quantity: null, vat_category: 'reduced', vat_exemption_reason: null, sale: { sale_price: 8, sale_starts_at: null, sale_ends_at: '2026-12-31' } }],
      isDigital: true,
      link: 'https://exemplo.pt/x',
    });
    const values = productFormDefaults(product);
    expect(values).toMatchObject({ order: '1', price: '', stock: '', link: 'https://exemplo.pt/x', variants: [{ id: 3, price: '9,90', stock: '2', sku: '', weight_grams: '120', unit_quantity: '', vat_category: 'reduced', vat_exemption_reason: '', sale_price: '8,00', sale_starts_at: '', sale_ends_at: '2026-12-31' }] });
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const form = productFormData(values, [file], [7, 8]);
    expect(textOf(form)).toEqual({
      name: 'Caixa organizadora',
      description: 'Caixa de cartão reciclado.',
      order: '1',
      isDigital: 'true',
      link: 'https://exemplo.pt/x',
      hasVariants: 'true',
      withdrawalExemption: '',
      vat_category: 'normal',
      vat_exemption_reason: '',
      weight_grams: '',
      unit_quantity: '',
      unit: '',
      variants: '[{"id":3,"name":"A5","price":"9.90","stock":2,"sku":null,"weight_grams":"120","unit_quantity":null,"vat_category":"reduced","vat_exemption_reason":null,"sale_price":"8.00","sale_starts_at":null,"sale_ends_at":"2026-12-31"}]',
      imagesToRemove: '[7,8]',
    });
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.png']);
  });
});
