import './payments.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { parseEuros } from '#shared/money.ts';
import { sandboxMultibancoBody } from '#shared/schemas/payments.ts';
import { FormField } from '../../components/form/field.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { paySandboxMultibanco } from './api.ts';
import { SandboxCard, SandboxPayForm, SandboxShell } from './sandbox-ui.tsx';
import BiBankIcon from '~icons/bi/bank';

const title = 'Multibanco de testes';
const description = 'Ambiente de testes: pagar uma referência Multibanco como num multibanco, sem movimentar dinheiro.';
export const AMOUNT_INVALID = 'Indique o montante em euros, por exemplo 12,50.';
const payFailed = 'Não foi possível pagar a referência. Por favor, tente novamente.';

/** The ATM's form: the contract's rules, with the amount typed the Portuguese way ('12,50'). */
export const sandboxAtmForm = sandboxMultibancoBody.extend({
  amount: z
    .string()
    .max(20, { error: AMOUNT_INVALID })
    .transform((v) => parseEuros(v) / 100)
    .pipe(z.number({ error: AMOUNT_INVALID }).positive({ error: AMOUNT_INVALID })),
});
const atmFields = ['entity', 'reference', 'amount'] as const;

/** /sandbox/multibanco: pays a reference as an ATM would (the sandbox gateway then calls the shop back). */
export function SandboxMultibancoPage() {
  const [params] = useSearchParams();
  const [paid, setPaid] = useState<string | null>(null);
  const {
    field,
    error: failure,
    busy,
    submit,
  } = useServerForm(
    sandboxAtmForm,
    {
      entity: params.get('entity')?.slice(0, 5) ?? '',
      reference: params.get('reference')?.slice(0, 11) ?? '',
      amount: params.get('amount')?.slice(0, 20) ?? '',
    },
    { accept: atmFields, fallback: payFailed },
  );

  const onSubmit = submit(async (body) => {
    setPaid(null);
    const answer = await paySandboxMultibanco(body);
    setPaid(answer.message);
  });

  return (
    <SandboxShell title={title} description={description}>
      <SandboxCard icon={BiBankIcon} heading="Pagamento de serviços">
        <SandboxPayForm busy={busy} onSubmit={onSubmit} paid={paid} failure={failure}>
          <FormField id="atm-entity" label="Entidade" autoComplete="off" required {...field('entity')} />
          <FormField id="atm-reference" label="Referência" autoComplete="off" required {...field('reference')} />
          <FormField id="atm-amount" label="Montante (€)" help="Por exemplo 12,50" autoComplete="off" required {...field('amount')} />
        </SandboxPayForm>
      </SandboxCard>
    </SandboxShell>
  );
}
