import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import { CUSTOMER_PAYMENT_METHODS, paymentMethodLabel } from '#shared/orders.ts';
import { type CheckoutBody, type Order, orderMessages, totalsAnswer } from '#shared/schemas/orders.ts';
import { paymentMessages, portugueseMobile } from '#shared/schemas/payments.ts';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../session/session.tsx';
import { applyFieldErrors } from '../account/account-ui.tsx';
import { type Cart, cartTotal, clearCart, useCart } from '../cart/cart-store.ts';
import {
  cartKeys,
  dismissPriceChanges,
  fetchTotals,
  priceChangeMessage,
  sameTotals,
  totalsErrorMessage,
  useCartTotals,
  usePriceChanges,
} from '../cart/cart-totals.ts';
import { CartThumb, InlineSpinner, TotalsList } from '../cart/cart-ui.tsx';
import { paymentSearch } from '../payments/payment-format.ts';
import type { PaymentScreenState } from '../payments/payment-state.ts';
import { startMbway, startMultibanco } from '../payments/payments-api.ts';
import {
  checkoutFields,
  checkoutForm,
  type CheckoutFormInput,
  type CheckoutFormValues,
  confirmTotals,
  connectionFailed,
  newIdempotencyKey,
  submitFailed,
} from './checkout-form.ts';

const title = 'Finalizar compra';
const description = 'Indique os dados de envio e o método de pagamento para concluir a sua encomenda.';

const paymentHints: Record<(typeof CUSTOMER_PAYMENT_METHODS)[number], string> = {
  multibanco: 'Recebe uma referência para pagar no multibanco ou no homebanking.',
  mbway: 'Confirma o pagamento na app MB WAY do seu telemóvel.',
};

type FieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
};

/** Label, input and its message, tied together for screen readers. */
function Field({ id, label, registration, error, hint, type = 'text', autoComplete, placeholder, inputMode }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        required
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        {...registration}
      />
      {hint && !error && (
        <Form.Text id={hintId} className="text-secondary">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

function SummaryLines({ items }: { items: Cart }) {
  return (
    <ul className="list-unstyled mb-3">
      {items.map((item) => (
        <li key={item.id} className="d-flex gap-3 align-items-center py-2 border-bottom">
          <CartThumb image={item.image} />
          <div className="flex-grow-1 cart-product-name">
            <div className="fw-semibold">{item.name}</div>
            {item.variant && <div className="small text-secondary">{item.variant.name}</div>}
            <div className="small text-secondary">
              {`${item.quantity} × ${formatEuros(item.price)}`}
              {item.isDigital && (
                <Badge bg="info" text="dark" className="ms-2">
                  Digital
                </Badge>
              )}
            </div>
          </div>
          <div className="text-end text-nowrap">{formatEuros(cartTotal([item]))}</div>
        </li>
      ))}
    </ul>
  );
}

/** /checkout (storefront.md §2, §4): shipping details, payment method, the server's totals, then the order. */
export function CheckoutPage() {
  const items = useCart();
  const totals = useCartTotals(items);
  const changes = usePriceChanges(items);
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [placed, setPlaced] = useState(false);
  // One key per checkout attempt: the same body sent again (a retry) reuses it; other data gets a new one.
  const [attempt, setAttempt] = useState<{ key: string; body: string } | null>(null);

  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutForm),
    defaultValues: {
      name: user?.username ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      city: '',
      postal_code: '',
      country: 'Portugal',
      payment_method: 'multibanco',
      mbway_phone: '',
    },
  });
  const paymentMethod = useWatch({ control, name: 'payment_method' });

  // The session may answer after the page opened: fill name and email then, unless the customer already typed.
  useEffect(() => {
    if (!user) return;
    if (!getValues('name')) setValue('name', user.username);
    if (!getValues('email')) setValue('email', user.email);
  }, [user, getValues, setValue]);

  // The MB WAY number is usually the contact phone: offer it when MB WAY is chosen, unless one was typed already.
  useEffect(() => {
    if (paymentMethod === 'mbway' && !getValues('mbway_phone')) setValue('mbway_phone', getValues('phone'));
  }, [paymentMethod, getValues, setValue]);

  if (items.length === 0 && !placed) return <Navigate to={paths.cart} replace />;
  if (placed) {
    return (
      <Container className="py-4 py-md-5">
        <PageMeta title={title} description={description} />
        <h1 className="visually-hidden">{title}</h1>
        <PageSpinner label="A preparar o pagamento..." />
      </Container>
    );
  }

  const shown = totals.isPlaceholderData ? undefined : totals.data;
  const totalsError = totals.isError ? totals.error : null;

  const keyFor = (body: CheckoutBody) => {
    const text = JSON.stringify(body);
    const key = attempt?.body === text ? attempt.key : newIdempotencyKey();
    setAttempt({ key, body: text });
    return key;
  };

  /**
   * storefront.md §4: the order exists, now its payment, then the matching screen. A payment that cannot start
   * does not lose the order: its screen says so and asks again for the same order (never a second order).
   */
  const startPayment = async (order: Order, method: CheckoutFormValues['payment_method'], mbwayPhone: string) => {
    const token = order.accessToken;
    const state: PaymentScreenState = { order };
    try {
      if (method === 'mbway') {
        state.mbway = await startMbway({ orderId: order.id, amount: order.total_price_with_tax, phone: mbwayPhone, email: order.email, token });
      } else {
        state.multibanco = await startMultibanco(order.id, token);
      }
    } catch (err) {
      state.error = errorMessage(err, paymentMessages.gatewayUnavailable);
    }
    const screen = method === 'mbway' ? paths.mbwayPayment : paths.multibancoPayment;
    await navigate(`${screen}?${paymentSearch(order.id, token)}`, { state });
  };

  const onSubmit = async ({ mbway_phone: mbwayPhone, ...values }: CheckoutFormValues) => {
    setFormError(null);
    setNotice(null);
    const lines = totals.lines;
    try {
      // storefront.md §4: first the totals, then the order with exactly those totals.
      const fresh = await fetchTotals(lines);
      queryClient.setQueryData(cartKeys.totals(lines), fresh);
      if (!shown || !sameTotals(shown, fresh)) {
        // The customer confirms the amount they pay: show the new figures and ask again.
        setNotice(shown ? orderMessages.totalsChanged : confirmTotals);
        return;
      }
      const body: CheckoutBody = {
        ...values,
        items: lines,
        shipping_cost: fresh.shippingCost,
        total_price_without_tax: fresh.totalPriceWithoutTax,
        total_tax: fresh.totalTax,
        total_price_with_tax: fresh.totalWithTax,
      };
      const order = await api.post<Order>('/order', body, { headers: { 'Idempotency-Key': keyFor(body) } });
      setAttempt(null);
      setPlaced(true);
      dismissPriceChanges();
      clearCart();
      await startPayment(order, values.payment_method, portugueseMobile.safeParse(mbwayPhone ?? '').data ?? '');
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) {
        setFormError(connectionFailed);
        return;
      }
      if (err instanceof ApiError && err.status === 409) {
        const fresh = totalsAnswer.safeParse((err.data as { totals?: unknown } | undefined)?.totals);
        if (fresh.success) {
          queryClient.setQueryData(cartKeys.totals(lines), fresh.data);
          setNotice(errorMessage(err, orderMessages.totalsChanged));
          return;
        }
        // Stock ran out meanwhile: the summary asks again and names the product.
        void queryClient.invalidateQueries({ queryKey: cartKeys.totals(lines) });
      }
      if (err instanceof ApiError && err.status === 400 && applyFieldErrors(err.fields, checkoutFields, setError)) return;
      setFormError(errorMessage(err, submitFailed));
    }
  };

  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={title} description={description} />
      <h1 className="mb-2">{title}</h1>
      <Link to={paths.cart} className="d-inline-block mb-4">
        <i className="bi bi-arrow-left me-2" aria-hidden="true" />
        Voltar ao carrinho
      </Link>
      <Row className="g-4">
        <Col xs={12} lg={7}>
          <Form id="checkout-form" noValidate onSubmit={handleSubmit(onSubmit)}>
            <Card className="shadow-sm mb-4">
              <Card.Body>
                <h2 className="h5 mb-3">Dados de envio</h2>
                <Field id="checkout-name" label="Nome completo" autoComplete="name" registration={register('name')} error={errors.name?.message} />
                <Field
                  id="checkout-email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  registration={register('email')}
                  error={errors.email?.message}
                />
                <Field
                  id="checkout-phone"
                  label="Telefone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  registration={register('phone')}
                  error={errors.phone?.message}
                />
                <Field
                  id="checkout-address"
                  label="Morada"
                  autoComplete="street-address"
                  registration={register('address')}
                  error={errors.address?.message}
                />
                <Row>
                  <Col xs={12} sm={7}>
                    <Field
                      id="checkout-city"
                      label="Cidade"
                      autoComplete="address-level2"
                      registration={register('city')}
                      error={errors.city?.message}
                    />
                  </Col>
                  <Col xs={12} sm={5}>
                    <Field
                      id="checkout-postal-code"
                      label="Código postal"
                      autoComplete="postal-code"
                      placeholder="0000-000"
                      registration={register('postal_code')}
                      error={errors.postal_code?.message}
                    />
                  </Col>
                </Row>
                <Form.Group className="mb-0" controlId="checkout-country">
                  <Form.Label>País</Form.Label>
                  <Form.Control readOnly value="Portugal" autoComplete="country-name" aria-describedby="checkout-country-hint" />
                  <Form.Text id="checkout-country-hint" className="text-secondary">
                    {orderMessages.country}
                  </Form.Text>
                </Form.Group>
              </Card.Body>
            </Card>
            <Card className="shadow-sm">
              <Card.Body>
                <fieldset aria-describedby={errors.payment_method ? 'checkout-payment-error' : undefined}>
                  <legend className="h5 mb-3">Método de pagamento</legend>
                  {CUSTOMER_PAYMENT_METHODS.map((method) => (
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
                      <Field
                        id="checkout-mbway-phone"
                        label="Número de telemóvel MB WAY"
                        type="tel"
                        inputMode="tel"
                        autoComplete="tel"
                        hint="O pedido de pagamento chega à app MB WAY deste número."
                        registration={register('mbway_phone')}
                        error={errors.mbway_phone?.message}
                      />
                    </div>
                  )}
                </fieldset>
              </Card.Body>
            </Card>
          </Form>
        </Col>
        <Col xs={12} lg={5}>
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5 mb-3">Resumo da encomenda</h2>
              <SummaryLines items={items} />
              {changes.length > 0 && (
                <Alert variant="warning" className="py-2">
                  <ul className="mb-0 ps-3">
                    {changes.map((change) => (
                      <li key={change.id}>{priceChangeMessage(change)}</li>
                    ))}
                  </ul>
                </Alert>
              )}
              <div aria-live="polite" aria-busy={totals.isFetching || undefined}>
                {shown ?
                  <TotalsList totals={shown} />
                : totalsError ?
                  <Alert variant="danger" className="mb-0">
                    {totalsErrorMessage(totalsError)}
                  </Alert>
                : <InlineSpinner label="A calcular os totais..." />}
              </div>
              <div aria-live="assertive" className="mt-3">
                {notice && (
                  <Alert variant="warning" className="mb-0">
                    {notice}
                  </Alert>
                )}
                {formError && (
                  <Alert variant="danger" className="mb-0">
                    {formError}
                  </Alert>
                )}
              </div>
              <Button
                type="submit"
                form="checkout-form"
                variant="primary"
                size="lg"
                className="w-100 mt-3"
                disabled={isSubmitting}
                aria-busy={isSubmitting || undefined}
              >
                {isSubmitting && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Finalizar compra
              </Button>
              <ul className="list-unstyled small text-secondary mt-3 mb-0">
                <li className="mb-1">
                  <i className="bi bi-shield-lock me-2" aria-hidden="true" />
                  Pagamento seguro
                </li>
                <li className="mb-1">
                  <i className="bi bi-truck me-2" aria-hidden="true" />
                  Entrega em 2 a 5 dias úteis
                </li>
                <li>
                  <i className="bi bi-arrow-counterclockwise me-2" aria-hidden="true" />
                  30 dias para devoluções
                </li>
              </ul>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
