import { CARRIERS, carrierLabel } from '#shared/shipping.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FieldErrors, FormProvider, type UseFormRegister, type UseFormReset } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import { adminStatusChoices } from '#shared/order-life.ts';
import { ADMIN_ORDER_METHODS, ORDER_STATUSES, orderStatusLabel, type PaymentMethod, paymentMethodLabel } from '#shared/orders.ts';
import type { PublicUser } from '#shared/schemas/account.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { listRowPath } from '../../../components/form/apply-field-errors.ts';
import { FormField, SelectField } from '../../../components/form/field.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormActions } from '../form-actions.tsx';
import { useSaveOrder } from './api.ts';
import { OrderItemsField } from './order-items-field.tsx';
import { lostItems, orderFormDefaults, type OrderFormOutput, orderFormResolver, type OrderFormValues, orderPayload } from './order-form-values.ts';
import { adminListHref } from '../admin-tabs.ts';
import type { TabNotice } from '../notice-alert.tsx';
import { LabelOptions } from '../../../components/form/label-options.tsx';

export const saveFailed = 'Erro ao guardar encomenda. Por favor verifique os dados e tente novamente.';

const plainFields = ['user_id', 'payment_method', 'shipping_address', 'phone', 'status', 'tracking_carrier', 'tracking_number'] as const;
type PlainField = (typeof plainFields)[number];
const quantityColumns = ['quantity'] as const;

/** The admin order form (backoffice.md §2, §5): create when no order is given, edit otherwise. */
export function OrderForm({ order, users }: { order?: Order; users: readonly PublicUser[] }) {
  const navigate = useNavigate();
  const save = useSaveOrder(order?.id);
  const productSelectRef = useRef<HTMLSelectElement>(null);
  const lost = lostItems(order);

  const {
    form: methods,
    error: failure,
    submit,
    run,
  } = useServerForm(orderFormResolver(order), orderFormDefaults(order), {
    // 400 with fields (409 for stock): each message goes under its input; the first gets the focus.
    accept: (key, values) => ((plainFields as readonly string[]).includes(key) ? key : listRowPath(key, 'items', values.items.length, quantityColumns)),
    fallback: saveFailed,
    alertWithFields: true,
  });
  const {
    register,
    reset,
    formState: { errors },
  } = methods;
  useReloadAfterAction(order, reset);

  // The ids keep the server's names (`order-user_id`), which tests and the page's links use.
  const field = (name: PlainField) => ({ id: `order-${name}`, registration: register(name), error: errors[name]?.message });

  // Only the item list is wrong: its message is not an input, so the focus goes to the product picker.
  const onInvalid = (invalid: FieldErrors<OrderFormValues>) => {
    if (Object.keys(invalid).every((key) => key === 'items') && (invalid.items?.message || invalid.items?.root)) {
      productSelectRef.current?.focus();
    }
  };

  // Sending (or delivering) an order nobody has paid yet is allowed, but never by a slip: the admin confirms.
  const [unpaidShipping, setUnpaidShipping] = useState<OrderFormOutput | null>(null);
  const shipsUnpaid = (values: OrderFormOutput) =>
    Boolean(order && !order.paid_at && values.status !== order.status && (values.status === 'shipped' || values.status === 'delivered'));
  // So is cancelling a paid order: it owes the customer her money back.
  const [paidCancel, setPaidCancel] = useState<OrderFormOutput | null>(null);
  const cancelsPaid = (values: OrderFormOutput) => Boolean(order?.paid_at && order.status !== 'cancelled' && values.status === 'cancelled');

  const onValid = async (values: OrderFormOutput, confirmed = false) => {
    if (!confirmed && shipsUnpaid(values)) {
      setUnpaidShipping(values);
      return;
    }
    if (!confirmed && cancelsPaid(values)) {
      setPaidCancel(values);
      return;
    }
    setUnpaidShipping(null);
    setPaidCancel(null);
    await save.mutateAsync(orderPayload(values, order));
    await navigate(adminListHref('orders'), { state: { notice: order ? 'Encomenda guardada.' : 'Encomenda criada.' } satisfies TabNotice });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => submit((values) => onValid(values), onInvalid)(event);

  const saving = save.isPending;
  const knownCustomer = order?.user_id == null || users.some((user) => user.id === order.user_id);
  return (
    <FormProvider {...methods}>
      <Form noValidate onSubmit={onSubmit} aria-busy={saving}>
        <fieldset className="mb-4">
          <legend className="fs-5">Cliente e pagamento</legend>
          <SelectField
            label="Cliente"
            help={
              order && order.user_id === null ?
                `Esta encomenda foi feita sem conta (${order.email}): fica assim, ou escolha uma conta para a associar.`
              : undefined
            }
            {...field('user_id')}
          >
            <option value="">{order && order.user_id === null ? `Visitante sem conta (${order.email})` : 'Escolha o cliente'}</option>
            {!knownCustomer && order?.user_id != null && <option value={order.user_id}>{`Utilizador n.º ${order.user_id} — ${order.email}`}</option>}
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {`${user.username} — ${user.email}`}
              </option>
            ))}
          </SelectField>
          <Row className="g-3">
            <SelectField column={{ sm: 6 }} label="Método de pagamento" {...field('payment_method')}>
              <LabelOptions values={methodChoices(order?.payment_method)} labels={paymentMethodLabel} />
            </SelectField>
            <SelectField
              column={{ sm: 6 }}
              label="Estado"
              help="Ao passar para ou de «Cancelada», o stock dos produtos é reposto ou retirado."
              {...field('status')}
            >
              <LabelOptions values={statusChoices(order)} labels={orderStatusLabel} />
            </SelectField>
          </Row>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="fs-5">Envio</legend>
          <ParcelFields order={order} field={field} />
          <FormField
            label="Morada de envio"
            as="textarea"
            rows={3}
            maxLength={500}
            autoComplete="off"
            help="Nome, morada, localidade, código postal e país."
            {...field('shipping_address')}
          />
          <FormField
            label="Telefone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={30}
            wrapperProps={{ style: { maxWidth: '16rem' } }}
            {...field('phone')}
          />
        </fieldset>

        {lost.length > 0 && (
          <Alert variant="warning">
            {lost.length === 1 ?
              `O produto «${lost[0]?.product.name}» desta encomenda já não existe na loja e não pode ser mantido ao guardar.`
            : `Estes produtos desta encomenda já não existem na loja e não podem ser mantidos ao guardar: ${lost.map((item) => `«${item.product.name}»`).join(', ')}.`}
          </Alert>
        )}

        <OrderItemsField productSelectRef={productSelectRef} paid={Boolean(order?.paid_at)} />

        {failure && <Alert variant="danger">{failure}</Alert>}

        <FormActions saving={saving} cancelHref={adminListHref('orders')} />
      </Form>
      <ConfirmModal
        show={unpaidShipping !== null}
        title="Encomenda por pagar"
        confirmLabel={unpaidShipping?.status === 'delivered' ? 'Marcar como Entregue' : 'Marcar como Enviada'}
        busyLabel="a guardar..."
        busy={saving}
        error={null}
        onConfirm={() => unpaidShipping && void run((values) => onValid(values, true))(unpaidShipping)}
        onCancel={() => setUnpaidShipping(null)}
      >
        <p className="mb-0">
          Esta encomenda ainda não foi paga. {unpaidShipping?.status === 'delivered' ? 'Marcá-la como entregue' : 'Enviá-la'} mesmo assim? Se recebeu o
          pagamento por outra via, use antes «Marcar como paga».
        </p>
      </ConfirmModal>
      <PaidCancelModal order={order} values={paidCancel} busy={saving} onConfirm={(values) => void run((confirmed) => onValid(confirmed, true))(values)} onCancel={() => setPaidCancel(null)} />
    </FormProvider>
  );
}

/** The statuses the order's life lets an admin give this order (a paid one never goes back to Pendente); all for a new order. */
const statusChoices = (order?: Order) =>
  order ? adminStatusChoices(order.status, { paid: Boolean(order.paid_at), refunded: Boolean(order.refunded_at), digitalDelivered: false }) : ORDER_STATUSES;

/**
 * An action on the same page ("Marcar como paga", a refund) changed the record: the form takes its new
 * status (and whatever else changed) and keeps what the admin typed, so "Guardar" never undoes the action.
 */
function useReloadAfterAction(order: Order | undefined, reset: UseFormReset<OrderFormValues>) {
  const stamp = order && [order.status, order.paid_at, order.refund_due, order.refunded_at].join('|');
  const loaded = useRef(stamp);
  useEffect(() => {
    if (!order || stamp === loaded.current) return;
    loaded.current = stamp;
    reset(orderFormDefaults(order), { keepDirtyValues: true });
  }, [order, stamp, reset]);
}

type PaidCancelProps = { order: Order | undefined; values: OrderFormOutput | null; busy: boolean; onConfirm: (values: OrderFormOutput) => void; onCancel: () => void };

/** Cancelling a paid order owes the customer her money back: never by a slip (shipping unpaid has its own). */
function PaidCancelModal({ order, values, busy, onConfirm, onCancel }: PaidCancelProps) {
  const total = formatEuros(order?.total_price_with_tax);
  return (
    <ConfirmModal
      show={values !== null}
      title="Cancelar uma encomenda paga"
      confirmLabel="Cancelar a encomenda"
      busyLabel="a guardar..."
      busy={busy}
      error={null}
      onConfirm={() => values && onConfirm(values)}
      onCancel={onCancel}
    >
      <p className="mb-0">
        {`Esta encomenda já foi paga (${total}). Ao cancelá-la, o stock é reposto, fica registado um reembolso por fazer de ${total} e o cliente recebe um e-mail. Cancelar mesmo assim?`}
      </p>
    </ConfirmModal>
  );
}

/** How the order ships (the customer's choice) and the parcel the owner names when it leaves (decision 0046). */
function ParcelFields({ order, field }: { order: Order | undefined; field: (name: PlainField) => { id: string; registration: ReturnType<UseFormRegister<OrderFormValues>>; error: string | undefined } }) {
  const method = order?.shipping?.method;
  return (
    <>
            {method && (
              <p className="small text-secondary">
                {method.pickup ? `Levantamento no ateliê: ${method.pickup_details ?? ''}` : `Método escolhido: ${method.name}`}
              </p>
            )}
            <Row className="g-3 mb-3">
              <SelectField column={{ sm: 6 }} label="Transportadora" help="Ao marcar como «Enviada», o cliente recebe o número com a ligação de seguimento." {...field('tracking_carrier')}>
                <option value="">Sem transportadora</option>
                <LabelOptions values={CARRIERS} labels={carrierLabel} />
              </SelectField>
              <FormField column={{ sm: 6 }} label="Número de seguimento" autoComplete="off" {...field('tracking_number')} />
            </Row>
    </>
  );
}

/** The owner's four, and the order's own method when the customer paid another way (card, Payshop). */
const methodChoices = (current: PaymentMethod | undefined): readonly PaymentMethod[] =>
  current && !(ADMIN_ORDER_METHODS as readonly PaymentMethod[]).includes(current) ? [...ADMIN_ORDER_METHODS, current] : ADMIN_ORDER_METHODS;
