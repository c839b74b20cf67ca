import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { get, useFormContext } from 'react-hook-form';
import { UNITS, unitName, unitSymbol } from '#shared/unit-price.ts';
import { fieldId, FormField, SelectField } from '../../../components/form/field.tsx';
import type { ProductFormValues } from './product-form-values.ts';

type MeasureField = 'weight_grams' | 'unit_quantity' | 'unit';

/**
 * The product's weight (shipping by weight, decision 0046) and how much of a unit of measure it holds, for the
 * price per unit the shop shows beside its price (DL 138/90, art. 1.º; decision 0047). A digital product has no weight.
 */
export function MeasureFields({ isDigital }: { isDigital: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const field = (name: MeasureField) => ({
    id: fieldId('product', name),
    registration: register(name),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
    className: '',
  });
  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Peso e preço por unidade de medida</legend>
      <Row className="g-3">
        {!isDigital && (
          <Col xs={12} sm={4}>
            <FormField label="Peso (g)" type="number" inputMode="numeric" min={0} step={1} help="De uma unidade, com embalagem: os portes por peso leem-no." {...field('weight_grams')} />
          </Col>
        )}
        <Col xs={6} sm={4}>
          <FormField label="Quantidade" inputMode="decimal" autoComplete="off" help="Por exemplo 0,75 para uma garrafa de 0,75 L." {...field('unit_quantity')} />
        </Col>
        <Col xs={6} sm={4}>
          <SelectField label="Unidade de medida" {...field('unit')}>
            <option value="">Sem preço por unidade</option>
            {UNITS.map((unit) => (
              <option key={unit} value={unit}>{`${unitName[unit]} (€/${unitSymbol[unit]})`}</option>
            ))}
          </SelectField>
        </Col>
      </Row>
      <p className="small text-secondary mt-2 mb-0">
        Com a quantidade e a unidade, a loja mostra o preço por unidade de medida ao lado do preço (Decreto-Lei n.º 138/90, art. 1.º).
      </p>
    </fieldset>
  );
}
