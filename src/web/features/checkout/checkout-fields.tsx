import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { type CustomerPaymentMethod, paymentMethodLabel } from '#shared/orders.ts';
import type { SavedAddress } from '#shared/schemas/addresses.ts';
import { countryName, countryOptions } from '#shared/countries.ts';
import { fieldBinder, FormField } from '../../components/form/field.tsx';
import type { CheckoutFormInput } from './checkout-form.ts';

const paymentHints: Record<CustomerPaymentMethod, string> = {
  multibanco: 'Recebe uma referência para pagar no multibanco ou no homebanking.',
  mbway: 'Confirma o pagamento na app MB WAY do seu telemóvel.',
  card: 'Paga na página segura da ifthenpay com cartão de crédito ou débito (ou Apple Pay e Google Pay, quando a página os mostrar).',
  payshop: 'Recebe uma referência para pagar em numerário num agente Payshop ou numa estação dos CTT.',
};

type Props = {
  register: UseFormRegister<CheckoutFormInput>;
  errors: FieldErrors<CheckoutFormInput>;
  paymentMethod: CheckoutFormInput['payment_method'];
  /** The ways to pay the shop offers, in the owner's order (GET /payment/methods). */
  methods: readonly CustomerPaymentMethod[];
  /** The country the shop assumes for the MB WAY number typed ("Número de Portugal (+351)."), once readable. */
  mbwayCountry?: string | null;
  /** Every line is a digital product: no postal address is asked. */
  digitalOnly: boolean;
  /** A signed-in customer's address book, and the one that filled the fields. */
  saved?: { addresses: readonly SavedAddress[]; picked: number | null; onPick: (address: SavedAddress) => void } | undefined;
  /** The countries the shop ships to (the totals' answer): Portugal until it arrives. */
  countries?: readonly string[] | undefined;
  /** Between the address and the payment: how it ships (the shipping method's fieldset). */
  children?: ReactNode;
};

/** Who the invoice is made out to: optional; without a NIF it goes to "Consumidor final". */
function InvoiceFields({ field }: { field: ReturnType<typeof fieldBinder<CheckoutFormInput>> }) {
  return (
    <fieldset className="mt-3">
      <legend className="h6 mb-2">Fatura</legend>
      <Row>
        <Col xs={12} sm={5}>
          <FormField
            id="checkout-nif"
            label="NIF (contribuinte)"
            inputMode="numeric"
            autoComplete="off"
            help="Opcional. Sem NIF, a fatura é passada a Consumidor final."
            hideHelpOnError
            {...field('nif')}
          />
        </Col>
        <Col xs={12} sm={7}>
          <FormField id="checkout-company" label="Empresa (opcional)" autoComplete="organization" {...field('company')} />
        </Col>
      </Row>
    </fieldset>
  );
}

/** Fills the shipping fields from the customer's address book. */
function SavedAddressPicker({ addresses, picked, onPick }: NonNullable<Props['saved']>) {
  return (
    <Form.Group className="mb-3" controlId="checkout-saved-address">
      <Form.Label>Morada guardada</Form.Label>
      <Form.Select
        value={picked === null ? '' : String(picked)}
        onChange={(event) => {
          const address = addresses.find((a) => String(a.id) === event.target.value);
          if (address) onPick(address);
        }}
      >
        {picked === null && <option value="">Escolha uma morada</option>}
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {`${a.name}, ${a.address}, ${a.postal_code} ${a.city}${a.is_default ? ' (predefinida)' : ''}`}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** The checkout form's two cards: shipping details, then the payment method (with the MB WAY number). */
export function CheckoutFields({ register, errors, paymentMethod, methods, mbwayCountry = null, digitalOnly, saved, countries = ['PT'], children }: Props) {
  const field = fieldBinder(register, errors);
  return (
    <>
    <Card className="shadow-sm mb-4">
      <Card.Body>
        {/* A digital-only basket ships nothing: contact details only, and no word about delivery. */}
        <h2 className="h5 mb-3">{digitalOnly ? 'Os seus dados' : 'Dados de envio'}</h2>
        {!digitalOnly && saved && saved.addresses.length > 0 && <SavedAddressPicker {...saved} />}
        <FormField required hideHelpOnError id="checkout-name" label="Nome completo" autoComplete="name" {...field('name')} />
        <FormField required hideHelpOnError id="checkout-email" label="Email" type="email" autoComplete="email" {...field('email')} />
        <FormField required hideHelpOnError id="checkout-phone" label="Telefone" type="tel" inputMode="tel" autoComplete="tel" {...field('phone')} />
        {!digitalOnly && <>
        <FormField required hideHelpOnError id="checkout-address" label="Morada" autoComplete="address-line1" {...field('address')} />
        <Row>
          <Col xs={12} sm={7}>
            <FormField required hideHelpOnError id="checkout-city" label="Cidade" autoComplete="address-level2" {...field('city')} />
          </Col>
          <Col xs={12} sm={5}>
            <FormField required hideHelpOnError id="checkout-postal-code" label="Código postal" autoComplete="postal-code" placeholder="0000-000" {...field('postal_code')} />
          </Col>
        </Row>
        <Form.Group className="mb-0" controlId="checkout-country">
          <Form.Label>País</Form.Label>
          <Form.Select autoComplete="country" {...register('country')}>
            {countryOptions(countries).map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        </>}
        <InvoiceFields field={field} />
      </Card.Body>
    </Card>
    {children}
    <Card className="shadow-sm">
      <Card.Body>
        <fieldset aria-describedby={errors.payment_method ? 'checkout-payment-error' : undefined}>
          <legend className="h5 mb-3">Método de pagamento</legend>
          {methods.map((method) => (
            <Form.Check
              key={method}
              type="radio"
              id={`checkout-payment-${method}`}
              value={method}
              className="mb-2"
              isInvalid={Boolean(errors.payment_method)}
              label={
                <>
                  <span className="fw-semibold">{paymentMethodLabel[method]}</span>
                  <span className="d-block small text-secondary">{paymentHints[method]}</span>
                </>
              }
              {...register('payment_method')}
            />
          ))}
          {errors.payment_method && (
            <div id="checkout-payment-error" className="invalid-feedback d-block">
              {errors.payment_method.message}
            </div>
          )}
          {paymentMethod === 'mbway' && (
            <div className="mt-3 ms-md-4">
              <FormField required hideHelpOnError id="checkout-mbway-phone" label="Número de telemóvel MB WAY" type="tel" inputMode="tel" autoComplete="tel" help={`O pedido de pagamento chega à app MB WAY deste número.${mbwayCountry ? ` ${mbwayCountry}` : ' Para um número estrangeiro, indique o país (ex.: +34 612 345 678).'}`} {...field('mbway_phone')} />
            </div>
          )}
        </fieldset>
      </Card.Body>
    </Card>
    </>
  );
}
