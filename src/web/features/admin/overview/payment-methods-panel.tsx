import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import BiArrowDownIcon from '~icons/bi/arrow-down';
import BiArrowUpIcon from '~icons/bi/arrow-up';
import { type CustomerPaymentMethod, paymentMethodLabel } from '#shared/orders.ts';
import type { MethodSettingsAnswer } from '#shared/schemas/payments.ts';
import { api, errorMessage } from '../../../api/client.ts';
import { Panel } from './overview-lists.tsx';

// Issue #27: the order in which the checkout offers the ways to pay (GET /payment/methods/settings, PUT /payment/methods/order).

const settingsKey = ['admin', 'payment-methods'] as const;

/** Resumo's "Meios de pagamento": the four ways to pay in the checkout's order, moved up or down, and which ones are configured. */
export function PaymentMethodsPanel() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => api.get<MethodSettingsAnswer>('/payment/methods/settings', { signal }) });
  const [draft, setDraft] = useState<CustomerPaymentMethod[] | null>(null);
  const [saved, setSaved] = useState('');
  const save = useMutation({
    mutationFn: (order: CustomerPaymentMethod[]) => api.put<{ message: string }>('/payment/methods/order', { order }),
    onSuccess: async (answer) => {
      setSaved(answer.message);
      setDraft(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: settingsKey }), queryClient.invalidateQueries({ queryKey: ['payments', 'methods'] })]);
    },
  });
  if (!settings.data) return null;
  const order = draft ?? settings.data.order;
  const { configured } = settings.data;
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [method] = next.splice(index, 1);
    if (!method) return;
    next.splice(index + by, 0, method);
    setSaved('');
    setDraft(next);
  };
  return (
    <Panel title="Meios de pagamento">
      <p className="small text-secondary mb-2">A ordem em que o checkout os mostra; o primeiro vem escolhido. Só aparecem os configurados.</p>
      <ol className="list-unstyled mb-2">
        {order.map((method, index) => (
          <li key={method} className="d-flex align-items-center gap-2 py-1 border-bottom">
            <span className="text-secondary small" aria-hidden="true">{`${index + 1}.`}</span>
            <span className="flex-grow-1">
              {paymentMethodLabel[method]}
              {!configured.includes(method) && (
                <Badge bg="secondary" className="ms-2">
                  Não configurado
                </Badge>
              )}
            </span>
            <Button size="sm" variant="outline-secondary" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Subir ${paymentMethodLabel[method]}`}>
              <BiArrowUpIcon className="bi" aria-hidden="true" />
            </Button>
            <Button size="sm" variant="outline-secondary" disabled={index === order.length - 1} onClick={() => move(index, 1)} aria-label={`Descer ${paymentMethodLabel[method]}`}>
              <BiArrowDownIcon className="bi" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      {save.isError && <p className="text-danger small">{errorMessage(save.error, 'Não foi possível guardar. Tente novamente.')}</p>}
      <Button size="sm" onClick={() => save.mutate(order)} disabled={!draft || save.isPending}>
        {save.isPending ? 'A guardar...' : 'Guardar ordem'}
      </Button>
      <p className="small text-success mt-2 mb-0" role="status">
        {saved}
      </p>
    </Panel>
  );
}
