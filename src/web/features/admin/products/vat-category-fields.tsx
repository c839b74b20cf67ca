import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { VAT_CATEGORIES, VAT_EXEMPTION_CODES } from '#shared/vat.ts';
import { categoryLabel, VAT_EXEMPTION_REASONS } from '#shared/vat-labels.ts';
import { fieldId, SelectField } from '../../../components/form/field.tsx';
import type { ProductFormValues } from './product-form-values.ts';

/**
 * The product's VAT category (decision 0053): the rate is the category's in the shop's region, set in the "IVA"
 * tab; an exempt product names the AT's reason. Under the art. 53.º exemption no product carries VAT.
 */
export function VatCategoryFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const category = useWatch({ control, name: 'vat_category' });
  const field = (name: 'vat_category' | 'vat_exemption_reason') => ({
    id: fieldId('product', name),
    registration: register(name),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
    className: '',
  });
  return (
    <fieldset className="mb-4">
      <legend className="fs-5">IVA</legend>
      <Row className="g-3">
        <Col xs={12} sm={6}>
          <SelectField label="Taxa de IVA" help="Livros e alguns bens alimentares têm taxa reduzida ou intermédia (listas I e II do Código do IVA)." {...field('vat_category')}>
            {VAT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel[c]}
              </option>
            ))}
          </SelectField>
        </Col>
        {category === 'exempt' && (
          <Col xs={12} sm={6}>
            <SelectField label="Motivo da isenção" {...field('vat_exemption_reason')}>
              <option value="">Escolha o motivo</option>
              {VAT_EXEMPTION_CODES.map((code) => (
                <option key={code} value={code}>{`${code} – ${VAT_EXEMPTION_REASONS[code]}`}</option>
              ))}
            </SelectField>
          </Col>
        )}
      </Row>
    </fieldset>
  );
}
