import './payments.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { parseEuros } from '#shared/money.ts';
import { sandboxMultibancoBody } from '#shared/schemas/payments.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { applyFieldErrors, FormField, SubmitButton } from '../account/account-ui.tsx';
import { paySandboxMultibanco } from './payments-api.ts';
import { SandboxShell } from './sandbox-ui.tsx';

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
type AtmInput = z.input<typeof sandboxAtmForm>;
type AtmValues = z.output<typeof sandboxAtmForm>;
const atmFields = ['entity', 'reference', 'amount'] as const;

/** /sandbox/multibanco: pays a reference as an ATM would (the sandbox gateway then calls the shop back). */
export function SandboxMultibancoPage() {
  const [params] = useSearchParams();
  const [paid, setPaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AtmInput, unknown, AtmValues>({
    resolver: zodResolver(sandboxAtmForm),
    defaultValues: {
      entity: params.get('entity')?.slice(0, 5) ?? '',
      reference: params.get('reference')?.slice(0, 11) ?? '',
      amount: params.get('amount')?.slice(0, 20) ?? '',
    },
  });

  const onSubmit = async (body: AtmValues) => {
    setFailure(null);
    setPaid(null);
    try {
      const answer = await paySandboxMultibanco(body);
      setPaid(answer.message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && applyFieldErrors(err.fields, atmFields, setError)) return;
      setFailure(errorMessage(err, payFailed));
    }
  };

  return (
    <SandboxShell title={title} description={description}>
      <Card className="shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <h2 className="h5 mb-3">
            <i className="bi bi-bank me-2" aria-hidden="true" />
            Pagamento de serviços
          </h2>
          <Form noValidate onSubmit={handleSubmit(onSubmit)}>
            <FormField id="atm-entity" label="Entidade" autoComplete="off" required registration={register('entity')} error={errors.entity?.message} />
            <FormField
              id="atm-reference"
              label="Referência"
              autoComplete="off"
              required
              registration={register('reference')}
              error={errors.reference?.message}
            />
            <FormField
              id="atm-amount"
              label="Montante (€)"
              hint="Por exemplo 12,50"
              autoComplete="off"
              required
              registration={register('amount')}
              error={errors.amount?.message}
            />
            <SubmitButton busy={isSubmitting} busyLabel="A pagar...">
              Pagar
            </SubmitButton>
          </Form>
          <div aria-live="polite">
            {paid && (
              <Alert variant="success" className="mt-3 mb-0">
                {paid}
              </Alert>
            )}
            {failure && (
              <Alert variant="danger" className="mt-3 mb-0">
                {failure}
              </Alert>
            )}
          </div>
        </Card.Body>
      </Card>
    </SandboxShell>
  );
}
