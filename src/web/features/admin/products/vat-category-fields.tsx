import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { VAT_CATEGORIES, VAT_EXEMPTION_CODES } from '#shared/vat.ts';
import { categoryLabel, VAT_EXEMPTION_REASONS } from '#shared/vat-labels.ts';
import { fieldId, SelectField } from '../../../components/form/field.tsx';
import type { ProductFormValues } from './product-form-values.ts';
import { LabelOptions } from '../../../components/form/label-options.tsx';

type VatField = 'vat_category' | 'vat_exemption_reason';
/** The product's own fields ('') or a variant's (`variants.2.`), which may be left to the product's. */
type Prefix = '' | `variants.${number}.`;

/** The variant's choice that takes the product's category. */
const AS_PRODUCT = 'Como o produto';

/**
 * A VAT category (decision 0053): the rate is the category's in the shop's region, set in the "IVA" tab; an
 * exempt one names the AT's reason. A variant may have its own, or take the product's. Under the art. 53.º
 * exemption no product carries VAT.
 */
export function VatCategoryFields({ prefix = '', labelSuffix }: { prefix?: Prefix; labelSuffix?: ReactNode }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const name = (field: VatField) => `${prefix}${field}` as const;
  const category = useWatch({ control, name: name('vat_category') });
  const ofVariant = prefix !== '';
  const field = (one: VatField) => ({
    id: fieldId('product', name(one)),
    registration: register(name(one)),
    error: (get(errors, name(one)) as { message?: string } | undefined)?.message,
    className: '',
    labelClassName: ofVariant ? 'small mb-1' : undefined,
  });
  return (
    <Row className="g-2">
      <Col xs={12} sm={6}>
        <SelectField
          label={<>Taxa de IVA{labelSuffix}</>}
          help={ofVariant ? undefined : 'Livros e alguns bens alimentares têm taxa reduzida ou intermédia (listas I e II do Código do IVA).'}
          {...field('vat_category')}
        >
          {ofVariant && <option value="">{AS_PRODUCT}</option>}
          <LabelOptions values={VAT_CATEGORIES} labels={categoryLabel} />
        </SelectField>
      </Col>
      {category === 'exempt' && (
        <Col xs={12} sm={6}>
          <SelectField label={<>Motivo da isenção{labelSuffix}</>} {...field('vat_exemption_reason')}>
            <option value="">Escolha o motivo</option>
            {VAT_EXEMPTION_CODES.map((code) => (
              <option key={code} value={code}>{`${code} – ${VAT_EXEMPTION_REASONS[code]}`}</option>
            ))}
          </SelectField>
        </Col>
      )}
    </Row>
  );
}
