import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type Resolver, useWatch } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { ORDER_BUTTON_LABEL } from '#shared/digital-consent.ts';
import { type CartTotalsAnswer, type OrderBody, orderMessages, totalsAnswer } from '#shared/schemas/orders.ts';
import { mbwayCountryHint } from '#shared/schemas/mbway-phone.ts';
import { mbwayMobile } from '#shared/schemas/payments.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { clearCart, useCart } from '../cart/cart-store.ts';
import { cartKeys, fetchTotals } from '../cart/api.ts';
import { setDiscountCode } from '../cart/discount-code.ts';
import { dismissCartChanges, sameTotals, soldOutLines, useCartChanges, useCartTotals } from '../cart/cart-totals.ts';
import {
  checkoutFields,
  checkoutForm,
  digitalCheckoutForm,
  type CheckoutFormInput,
  type CheckoutFormValues,
  confirmTotals,
  connectionFailed,
  newIdempotencyKey,
  submitFailed,
} from './checkout-form.ts';
import { CheckoutFields } from './checkout-fields.tsx';
import { useCheckoutMethods } from './use-checkout-methods.ts';
import { usePlaceOrder, useStartPayment } from './api.ts';
import { useSavedAddresses, useSavedBilling } from './use-saved-addresses.ts';
import { clearCheckoutDraft, useCheckoutDraft } from './use-checkout-draft.ts';
import { CheckoutSubmit, CheckoutSummary } from './checkout-summary.tsx';
import { DigitalConsent } from './digital-consent.tsx';
import { ShippingMethodFieldset, useShippingChoice } from './shipping-method-fieldset.tsx';
import BiArrowLeftIcon from '~icons/bi/arrow-left';

const title = 'Finalizar compra';
const description = 'Indique os dados de envio e o método de pagamento para concluir a sua encomenda.';

/** The form as it opens: a signed-in customer's name and e-mail, Multibanco chosen (until the owner's order of the methods answers). */
const blankForm = (user: { username: string; email: string } | null): CheckoutFormInput => ({
  name: user?.username ?? '',
  email: user?.email ?? '',
  phone: '',
  address: '',
  city: '',
  postal_code: '',
  country: 'PT',
  nif: '',
  company: '',
  payment_method: 'multibanco',
  mbway_phone: '',
  // Unticked: the consent to immediate supply is never presumed (DL 24/2014 art. 17.º n.º 1 al. l)).
  digital_consent: false,
});

/** /checkout (storefront.md §2, §4): shipping details, payment method, the server's totals, then the order. */
export function CheckoutPage() {
  const items = useCart();
  const digitalOnly = items.length > 0 && items.every((item) => item.isDigital);
  const hasDigital = items.some((item) => item.isDigital);
  const changes = useCartChanges(items);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const placeOrder = usePlaceOrder();
  const startPayment = useStartPayment();
  const [notice, setNotice] = useState<string | null>(null);
  const [placed, setPlaced] = useState(false);
  // One key per checkout attempt: the same body sent again (a retry) reuses it; other data gets a new one.
  const [attempt, setAttempt] = useState<{ key: string; body: string } | null>(null);

  const {
    form: { register, getValues, setValue, getFieldState, control, formState, watch },
    error: formError,
    busy,
    submit,
  } = useServerForm(
    zodResolver(digitalOnly ? digitalCheckoutForm : checkoutForm) as Resolver<CheckoutFormInput, unknown, CheckoutFormValues>,
    blankForm(user),
    { accept: checkoutFields, fallback: (err) => (err instanceof ApiError && err.status === 0 ? connectionFailed : errorMessage(err, submitFailed)) },
  );
  const { errors } = formState;
  // Her postcode's zone and the method she picked price the totals (decision 0046).
  const shipping = useShippingChoice(control, digitalOnly);
  const totals = useCartTotals(items, shipping.ask);
  const paymentMethod = useWatch({ control, name: 'payment_method' });
  const mbwayPhone = useWatch({ control, name: 'mbway_phone' });
  // A reload (back from the bank's app on a phone) keeps what was typed; declared before the address book's fill.
  useCheckoutDraft({ setValue, watch });

  // The session may answer after the page opened: fill name and email then, unless the customer already typed.
  useEffect(() => {
    if (!user) return;
    if (!getValues('name')) setValue('name', user.username);
    if (!getValues('email')) setValue('email', user.email);
  }, [user, getValues, setValue]);

  // A signed-in customer starts from their default address (the address book keeps each checkout's).
  const saved = useSavedAddresses(Boolean(user), { setValue, control, formState });
  useSavedBilling(Boolean(user), { setValue, formState });

  const methods = useCheckoutMethods({ getValues, setValue, getFieldState });

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
  const soldOut = soldOutLines(items, shown);

  const keyFor = (body: OrderBody) => {
    const text = JSON.stringify(body);
    const key = attempt?.body === text ? attempt.key : newIdempotencyKey();
    setAttempt({ key, body: text });
    return key;
  };

  const onSubmit = submit(async ({ mbway_phone: mbwayPhone, ...values }: CheckoutFormValues) => {
    // Nothing ships in a digital-only basket: no postal address goes (the server asks for one when something ships).
    const { address, city, postal_code: postalCode, country, ...contact } = values;
    const details = digitalOnly ? contact : { ...contact, address, city, postal_code: postalCode, country };
    setNotice(null);
    const lines = totals.lines;
    try {
      // storefront.md §4: first the totals, then the order with exactly those totals.
      const fresh = await fetchTotals(lines, undefined, totals.shipping);
      queryClient.setQueryData(cartKeys.totals(lines, totals.shipping), fresh);
      if (!shown || !sameTotals(shown, fresh)) {
        // The customer confirms the amount they pay: show the new figures and ask again.
        setNotice(shown ? orderMessages.totalsChanged : confirmTotals);
        return;
      }
      const { digital_consent: consent, ...rest } = details;
      const body: OrderBody = {
        ...rest,
        ...(hasDigital && consent ? { digital_consent: true } : {}),
        items: lines,
        ...(fresh.shipping_method_id ? { shipping_method_id: fresh.shipping_method_id } : {}),
        // The code the server applied to these totals (decision 0054); a refused one is not sent.
        ...(fresh.discount_code ? { discount_code: fresh.discount_code } : {}),
        shipping_cost: fresh.shippingCost,
        total_price_without_tax: fresh.totalPriceWithoutTax,
        total_tax: fresh.totalTax,
        total_price_with_tax: fresh.totalWithTax,
      };
      const order = await placeOrder.mutateAsync({ body, idempotencyKey: keyFor(body) });
      setAttempt(null);
      setPlaced(true);
      dismissCartChanges();
      clearCart();
      setDiscountCode(null);
      clearCheckoutDraft();
      await startPayment(order, values.payment_method, mbwayMobile.safeParse(mbwayPhone ?? '').data ?? '');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        const fresh = totalsAnswer.safeParse((err.data as { totals?: unknown } | undefined)?.totals);
        if (fresh.success) {
          // The new figures at once; the lines' prices and stock follow with the totals asked again.
          queryClient.setQueryData(cartKeys.totals(lines, totals.shipping), (old: CartTotalsAnswer | undefined) => (old ? { ...old, ...fresh.data } : old));
          void queryClient.invalidateQueries({ queryKey: cartKeys.totals(lines, totals.shipping) });
          setNotice(errorMessage(err, orderMessages.totalsChanged));
          return;
        }
        // Stock ran out meanwhile: the summary asks again and names the product.
        void queryClient.invalidateQueries({ queryKey: cartKeys.totals(lines, totals.shipping) });
      }
      // The fields the server names get its messages; anything else is the form's alert.
      throw err;
    }
  });

  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={title} description={description} />
      <h1 className="mb-2">{title}</h1>
      <Link to={paths.cart} className="d-inline-block mb-4">
        <BiArrowLeftIcon className="bi me-2" aria-hidden="true" />
        Voltar ao carrinho
      </Link>
      <Row className="g-4">
        {/* On a phone the summary comes first and the form ends with the button; on a desktop the summary stays beside it. */}
        <Col xs={12} lg={{ span: 5, order: 'last' }}>
          <CheckoutSummary items={items} changes={changes} shown={shown} known={totals.data} totalsError={totalsError} fetching={totals.isFetching} />
        </Col>
        <Col xs={12} lg={7}>
          <Form id="checkout-form" noValidate onSubmit={onSubmit}>
            <CheckoutFields
              register={register}
              errors={errors}
              paymentMethod={paymentMethod}
              methods={methods}
              mbwayCountry={mbwayCountryHint(mbwayPhone ?? '')}
              digitalOnly={digitalOnly}
              saved={saved}
              countries={totals.data?.countries}
            >
              {!digitalOnly && <ShippingMethodFieldset {...shipping.offered(totals.data)} onPick={shipping.pick} disabled={busy} />}
            </CheckoutFields>
            <CheckoutSubmit items={items} shown={shown} soldOut={soldOut} notice={notice} formError={formError}>
              {hasDigital && <DigitalConsent register={register} />}
              <SubmitButton
                size="lg"
                className="w-100"
                busy={busy}
                disabled={soldOut.length > 0}
                aria-describedby={soldOut.length > 0 ? 'checkout-sold-out' : undefined}
              >
                {ORDER_BUTTON_LABEL}
              </SubmitButton>
            </CheckoutSubmit>
          </Form>
        </Col>
      </Row>
    </Container>
  );
}
