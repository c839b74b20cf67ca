import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { Overview } from '#shared/schemas/overview.ts';
import { errorMessage } from '../../../api/client.ts';
import { useSaveOwnerMail } from './api.ts';
import { Panel } from './overview-lists.tsx';

/** Which of her shop's e-mails the owner gets: each paid order always; each new order when she turns it on. */
export function OwnerMail({ ownerMail }: { ownerMail: Overview['ownerMail'] }) {
  const id = useId();
  const save = useSaveOwnerMail();
  // While saving, the switch shows what she chose; the figures bring the saved value back.
  const checked = save.isPending ? save.variables : ownerMail.newOrders;
  return (
    <Panel title="E-mails para a loja">
      <p className="small mb-2">
        Cada encomenda paga é enviada para <strong className="text-break">{ownerMail.to}</strong>, com os artigos, o cliente e a morada.
      </p>
      <Form.Check
        type="switch"
        id={`${id}-new-orders`}
        label="Receber também cada encomenda nova, ainda por pagar"
        checked={checked}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.checked)}
        aria-describedby={save.isError ? `${id}-problem` : undefined}
      />
      {save.isError && (
        <p id={`${id}-problem`} className="text-danger small mt-1 mb-0">
          {errorMessage(save.error, 'Não foi possível guardar. Tente novamente.')}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {save.isSuccess ? save.data.message : ''}
      </p>
    </Panel>
  );
}
