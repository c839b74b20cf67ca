import { type FormEvent, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ORDER_STATUSES, orderStatusLabel, PAYMENT_METHODS, paymentMethodLabel } from '#shared/orders.ts';
import type { PublicUser } from '#shared/schemas/account.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { FormActions } from '../form-actions.tsx';
import { useSaveOrder } from './api.ts';
import { OrderItemsField } from './order-items-field.tsx';
import { lostItems, orderFormDefaults, type OrderFormOutput, orderFormResolver, type OrderFormValues, orderPayload } from './order-form-values.ts';
import { ordersListHref } from './order-paths.ts';
import type { OrdersNotice } from './orders-tab.tsx';

export const saveFailed = 'Erro ao guardar encomenda. Por favor verifique os dados e tente novamente.';

const plainFields = ['user_id', 'payment_method', 'shipping_address', 'phone', 'status'] as const;
type PlainField = (typeof plainFields)[number];
const isPlainField = (name: string): name is PlainField => (plainFields as readonly string[]).includes(name);
const quantityField = /^items\.(\d+)\.quantity$/;

const idOf = (name: PlainField) => `order-${name}`;
const errorIdOf = (name: PlainField) => `order-${name}-error`;

/** isInvalid, aria-invalid and aria-describedby (help text first, then the error): the error is announced with the field. */
function describeField(name: PlainField, error: string | undefined, helpId?: string) {
  const invalid = Boolean(error);
  const ids = [helpId, invalid ? errorIdOf(name) : undefined].filter(Boolean).join(' ');
  return { isInvalid: invalid, 'aria-invalid': invalid, 'aria-describedby': ids || undefined };
}

function FieldError({ name, error }: { name: PlainField; error: string | undefined }) {
  if (!error) return null;
  return (
    <Form.Control.Feedback type="invalid" id={errorIdOf(name)}>
      {error}
    </Form.Control.Feedback>
  );
}

/** The admin order form (backoffice.md §2, §5): create when no order is given, edit otherwise. */
export function OrderForm({ order, users }: { order?: Order; users: readonly PublicUser[] }) {
  const navigate = useNavigate();
  const save = useSaveOrder(order?.id);
  const [failure, setFailure] = useState<string | null>(null);
  const productSelectRef = useRef<HTMLSelectElement>(null);
  const lost = lostItems(order);

  const methods = useForm<OrderFormValues, unknown, OrderFormOutput>({
    resolver: orderFormResolver,
    defaultValues: orderFormDefaults(order),
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = methods;

  const errorOf = (name: PlainField): string | undefined => errors[name]?.message;
  const field = (name: PlainField, helpId?: string) => ({
    id: idOf(name),
    ...register(name),
    ...describeField(name, errorOf(name), helpId),
  });

  // Only the item list is wrong: its message is not an input, so the focus goes to the product picker.
  const onInvalid = (invalid: FieldErrors<OrderFormValues>) => {
    if (Object.keys(invalid).every((key) => key === 'items') && (invalid.items?.message || invalid.items?.root)) {
      productSelectRef.current?.focus();
    }
  };

  const onValid = async (values: OrderFormOutput) => {
    setFailure(null);
    try {
      await save.mutateAsync(orderPayload(values));
      navigate(ordersListHref, { state: { notice: order ? 'Encomenda guardada.' : 'Encomenda criada.' } satisfies OrdersNotice });
    } catch (err) {
      // 400 with fields (409 for stock): each message goes under its input; the first gets the focus.
      let focused = false;
      for (const [key, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
        const quantity = quantityField.exec(key);
        if (isPlainField(key)) {
          setError(key, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        } else if (quantity && Number(quantity[1]) < getValues('items').length) {
          setError(key as `items.${number}.quantity`, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        } else if (key.startsWith('items')) {
          setError('items', { type: 'server', message });
        }
      }
      setFailure(errorMessage(err, saveFailed));
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(onValid, onInvalid)(event);

  const saving = save.isPending;
  const knownCustomer = order?.user_id == null || users.some((user) => user.id === order.user_id);
  return (
    <FormProvider {...methods}>
      <Form noValidate onSubmit={onSubmit} aria-busy={saving}>
        <fieldset className="mb-4">
          <legend className="fs-5">Cliente e pagamento</legend>
          <Form.Group className="mb-3">
            <Form.Label htmlFor={idOf('user_id')}>Cliente</Form.Label>
            <Form.Select {...field('user_id', order && order.user_id === null ? 'order-guest-help' : undefined)}>
              <option value="">Escolha o cliente</option>
              {!knownCustomer && order?.user_id != null && (
                <option value={order.user_id}>{`Utilizador n.º ${order.user_id} — ${order.email}`}</option>
              )}
              {users.map((user) => (
                <option key={user.id} value={user.id}>
                  {`${user.username} — ${user.email}`}
                </option>
              ))}
            </Form.Select>
            <FieldError name="user_id" error={errorOf('user_id')} />
            {order && order.user_id === null && (
              <Form.Text id="order-guest-help">
                Esta encomenda foi feita sem conta ({order.email}). Escolha a conta a que fica associada.
              </Form.Text>
            )}
          </Form.Group>
          <Row className="g-3">
            <Col sm={6}>
              <Form.Label htmlFor={idOf('payment_method')}>Método de pagamento</Form.Label>
              <Form.Select {...field('payment_method')}>
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {paymentMethodLabel[method]}
                  </option>
                ))}
              </Form.Select>
              <FieldError name="payment_method" error={errorOf('payment_method')} />
            </Col>
            <Col sm={6}>
              <Form.Label htmlFor={idOf('status')}>Estado</Form.Label>
              <Form.Select {...field('status', 'order-status-help')}>
                {ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {orderStatusLabel[status]}
                  </option>
                ))}
              </Form.Select>
              <FieldError name="status" error={errorOf('status')} />
              <Form.Text id="order-status-help">Ao passar para ou de «Cancelada», o stock dos produtos é reposto ou retirado.</Form.Text>
            </Col>
          </Row>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="fs-5">Envio</legend>
          <Form.Group className="mb-3">
            <Form.Label htmlFor={idOf('shipping_address')}>Morada de envio</Form.Label>
            <Form.Control as="textarea" rows={3} maxLength={500} autoComplete="off" {...field('shipping_address', 'order-address-help')} />
            <FieldError name="shipping_address" error={errorOf('shipping_address')} />
            <Form.Text id="order-address-help">Nome, morada, localidade, código postal e país.</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" style={{ maxWidth: '16rem' }}>
            <Form.Label htmlFor={idOf('phone')}>Telefone</Form.Label>
            <Form.Control type="tel" inputMode="tel" autoComplete="off" maxLength={30} {...field('phone')} />
            <FieldError name="phone" error={errorOf('phone')} />
          </Form.Group>
        </fieldset>

        {lost.length > 0 && (
          <Alert variant="warning">
            {lost.length === 1 ?
              `O produto «${lost[0]?.product.name}» desta encomenda já não existe na loja e não pode ser mantido ao guardar.`
            : `Estes produtos desta encomenda já não existem na loja e não podem ser mantidos ao guardar: ${lost.map((item) => `«${item.product.name}»`).join(', ')}.`}
          </Alert>
        )}

        <OrderItemsField productSelectRef={productSelectRef} />

        {failure && <Alert variant="danger">{failure}</Alert>}

        <FormActions saving={saving} cancelHref={ordersListHref} />
      </Form>
    </FormProvider>
  );
}
