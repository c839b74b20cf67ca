import './payments.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { parseEuros } from '#shared/money.ts';
import { sandboxPayshopBody } from '#shared/schemas/payments.ts';
import { FormField } from '../../components/form/field.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { paySandboxPayshop } from './api.ts';
import { AMOUNT_INVALID } from './sandbox-multibanco-page.tsx';
import { SandboxCard, SandboxPayForm, SandboxShell } from './sandbox-ui.tsx';

const title = 'Agente Payshop de testes';
const description = 'Ambiente de testes: pagar uma referência Payshop como num agente ou nos CTT, sem movimentar dinheiro.';
const payFailed = 'Não foi possível pagar a referência. Por favor, tente novamente.';

/** The counter's form: the contract's rules, with the amount typed the Portuguese way ('12,50'). */
const sandboxCounterForm = sandboxPayshopBody.extend({
  amount: z
    .string()
    .max(20, { error: AMOUNT_INVALID })
    .transform((v) => parseEuros(v) / 100)
    .pipe(z.number({ error: AMOUNT_INVALID }).positive({ error: AMOUNT_INVALID })),
});

/** /sandbox/payshop (issue #27): pays a Payshop reference as an agent would (the sandbox gateway then calls the shop back). */
export function SandboxPayshopPage() {
  const [params] = useSearchParams();
  const [paid, setPaid] = useState<string | null>(null);
  const { field, error: failure, busy, submit } = useServerForm(
    sandboxCounterForm,
    { reference: params.get('reference')?.slice(0, 17) ?? '', amount: params.get('amount')?.slice(0, 20) ?? '' },
    { accept: ['reference', 'amount'] as const, fallback: payFailed },
  );
  const onSubmit = submit(async (body) => {
    setPaid(null);
    setPaid((await paySandboxPayshop(body)).message);
  });
  return (
    <SandboxShell title={title} description={description}>
      <SandboxCard heading="Pagamento em numerário">
        <SandboxPayForm busy={busy} onSubmit={onSubmit} paid={paid} failure={failure}>
          <FormField id="payshop-reference" label="Referência Payshop" autoComplete="off" required {...field('reference')} />
          <FormField id="payshop-amount" label="Montante (€)" help="Por exemplo 12,50" autoComplete="off" required {...field('amount')} />
        </SandboxPayForm>
      </SandboxCard>
    </SandboxShell>
  );
}
