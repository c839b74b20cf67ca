import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { z } from 'zod';
import { type Overview, withdrawalDaysField } from '#shared/schemas/overview.ts';
import { FormField } from '../../../components/form/field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { adminListHref } from '../admin-tabs.ts';
import { useSaveWithdrawalDays } from './api.ts';
import { Panel } from './overview-lists.tsx';

const periodForm = z.object({ withdrawalDays: withdrawalDaysField });

/** Resumo's count of withdrawals waiting for their refund (the overdue flagged), and the shop's one withdrawal period. */
export function WithdrawalsPanel({ withdrawals }: { withdrawals: Overview['withdrawals'] }) {
  const save = useSaveWithdrawalDays();
  const [saved, setSaved] = useState('');
  const { field, error, busy, submit } = useServerForm(periodForm, { withdrawalDays: withdrawals.periodDays }, { accept: ['withdrawalDays'], fallback: 'Não foi possível guardar. Tente novamente.' });
  const onSubmit = submit(async (values) => {
    setSaved('');
    setSaved((await save.mutateAsync(values.withdrawalDays)).message);
  });
  return (
    <Panel title="Desistências">
      <p className="small mb-2">
        {withdrawals.waiting === 0 ?
          'Nenhuma desistência por reembolsar.'
        : <Link to={adminListHref('withdrawals')}>{withdrawals.waiting === 1 ? '1 desistência por reembolsar' : `${withdrawals.waiting} desistências por reembolsar`}</Link>}
        {withdrawals.overdue > 0 && (
          <Badge bg="danger" className="ms-2">
            {withdrawals.overdue === 1 ? '1 fora do prazo legal' : `${withdrawals.overdue} fora do prazo legal`}
          </Badge>
        )}
      </p>
      <Form noValidate onSubmit={onSubmit}>
        <FormField
          id="withdrawal-days"
          label="Prazo de livre resolução (dias)"
          type="number"
          inputMode="numeric"
          min={14}
          max={365}
          className="mb-2"
          help="A loja, os termos e a função de desistência indicam este prazo. A lei exige pelo menos 14 dias."
          {...field('withdrawalDays')}
        />
        {error && <p className="text-danger small">{error}</p>}
        <SubmitButton busy={busy} busyLabel="A guardar...">
          Guardar prazo
        </SubmitButton>
        <p className="visually-hidden" role="status">
          {saved}
        </p>
      </Form>
    </Panel>
  );
}
