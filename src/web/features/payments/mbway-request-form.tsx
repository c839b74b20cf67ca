import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import type { Order } from '#shared/schemas/orders.ts';
import { mbwayCountryHint } from '#shared/schemas/mbway-phone.ts';
import { mbwayMobile, paymentMessages } from '#shared/schemas/payments.ts';
import { paths } from '#shared/paths.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { paymentSearch } from './payment-format.ts';
import type { PaymentScreenState } from './payment-state.ts';
import { startMbway } from './api.ts';

type Props = {
  id: string;
  title: string;
  orderId: number;
  token: string | undefined;
  order: Order | undefined;
  orderLoading?: boolean;
  phone: string;
  submitLabel?: string;
  /** A new request replaces the failed one's screen in the history (the MB WAY screen's "try again"). */
  replace?: boolean;
  /** The phone field, for a caller that opens the form and puts the focus in it. */
  phoneRef?: RefObject<HTMLInputElement | null>;
};

/**
 * An MB WAY request for an order already made (backoffice.md §4): the mobile number, then the MB WAY screen that
 * follows the request. The order's page offers it beside Multibanco, as the order's e-mails say it can.
 */
export function MbwayRequestForm({ id, title, orderId, token, order, orderLoading = false, phone: initialPhone, submitLabel = 'Enviar pedido MB WAY', replace = false, phoneRef }: Props) {
  const navigate = useNavigate();
  const ownRef = useRef<HTMLInputElement>(null);
  const inputRef = phoneRef ?? ownRef;
  const [phone, setPhone] = useState(initialPhone);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (req: { order: Order; phone: string }) =>
      startMbway({ orderId, amount: req.order.total_price_with_tax, phone: req.phone, email: req.order.email, token }),
    onSuccess: (mbway, req) => {
      const state: PaymentScreenState = { order: req.order, mbway };
      void navigate(`${paths.mbwayPayment}?${paymentSearch(orderId, token)}`, { replace, state });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400 && err.fields?.phone_number) {
        setPhoneError(err.fields.phone_number);
        inputRef.current?.focus();
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mbwayMobile.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? paymentMessages.mobileInvalid);
      inputRef.current?.focus();
      return;
    }
    setPhoneError(null);
    if (order) request.mutate({ order, phone: parsed.data });
  };

  const requestError = request.isError && !(request.error instanceof ApiError && request.error.status === 400 && request.error.fields?.phone_number);
  const busy = request.isPending || orderLoading;
  return (
    <Form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h6 fw-semibold">
        {title}
      </h2>
      <Form.Group controlId={`${id}-phone`} className="mb-2">
        <Form.Label>Número de telemóvel MB WAY</Form.Label>
        <Form.Control
          ref={inputRef}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          isInvalid={Boolean(phoneError)}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error` : `${id}-phone-hint`}
          required
        />
        {phoneError ?
          <Form.Control.Feedback type="invalid" id={`${id}-phone-error`}>
            {phoneError}
          </Form.Control.Feedback>
        : <Form.Text id={`${id}-phone-hint`} className="text-secondary">
            O pedido de pagamento chega à app MB WAY deste número.{' '}
            {mbwayCountryHint(phone) ?? 'Para um número estrangeiro, indique o país (ex.: +34 612 345 678).'}
          </Form.Text>
        }
      </Form.Group>
      <Button type="submit" variant="primary" disabled={request.isPending || !order} aria-busy={busy || undefined}>
        {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {submitLabel}
      </Button>
      <div aria-live="polite">
        {requestError && (
          <Alert variant="danger" className="mt-2 mb-0 py-2">
            {errorMessage(request.error, paymentMessages.gatewayUnavailable)}
          </Alert>
        )}
      </div>
    </Form>
  );
}
