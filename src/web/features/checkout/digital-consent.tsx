import Form from 'react-bootstrap/Form';
import type { UseFormRegister } from 'react-hook-form';
import { DIGITAL_CONSENT_TEXT } from '#shared/digital-consent.ts';
import type { CheckoutFormInput } from './checkout-form.ts';

/**
 * The express consent to immediate supply of digital products and the acknowledgement that the right of
 * withdrawal is then lost (DL 24/2014 art. 17.º n.º 1 al. l)): shown only when the cart holds one, unticked,
 * and optional (without it the order goes through and the digital lines stay withdrawable). Decision 0041.
 */
export function DigitalConsent({ register }: { register: UseFormRegister<CheckoutFormInput> }) {
  return (
    <Form.Check id="checkout-digital-consent" className="mb-3">
      <Form.Check.Input type="checkbox" aria-describedby="checkout-digital-consent-help" {...register('digital_consent')} />
      <Form.Check.Label>{DIGITAL_CONSENT_TEXT}</Form.Check.Label>
      <Form.Text id="checkout-digital-consent-help" className="d-block text-body-secondary">
        Opcional. Sem esta opção, a encomenda segue na mesma e mantém o direito de livre resolução sobre os produtos digitais.
      </Form.Text>
    </Form.Check>
  );
}
