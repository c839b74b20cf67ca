import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { withdrawalLinkBody, type WithdrawalLinkBody } from '#shared/schemas/withdrawals.ts';
import { WITHDRAW_LABEL } from '#shared/withdrawal.ts';
import { ApiError } from '../../api/client.ts';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { askWithdrawalLink } from './api.ts';

const SEND_ERROR = 'Não foi possível enviar o pedido. Por favor tente novamente mais tarde.';
const failure = (err: unknown) => (err instanceof ApiError && (err.status === 429 || err.status === 400) ? err.message : SEND_ERROR);

/**
 * /desistir, linked from every page's footer (issue #28): a guest gives her order's number and e-mail and the
 * link to its withdrawal function comes by e-mail. The answer never says whether such an order exists.
 */
export function WithdrawalRequestPage() {
  const [sent, setSent] = useState<string | null>(null);
  const { form, field, error, busy, submit } = useServerForm(withdrawalLinkBody, { order_id: '' as unknown as number, email: '' } as WithdrawalLinkBody, {
    accept: ['order_id', 'email'],
    fallback: failure,
  });
  const onSubmit = submit(async (body) => {
    setSent((await askWithdrawalLink(body)).message);
    form.reset();
  });
  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={WITHDRAW_LABEL} description="Desistir do contrato de uma compra na Loja: indique o número da encomenda e o seu e-mail." />
      <h1 className="h2 mb-3">{WITHDRAW_LABEL}</h1>
      <p>
        Pode desistir de uma compra, sem indicar o motivo, dentro do prazo de livre resolução (veja os{' '}
        <Link to={`${paths.terms}#devolucoes`}>Termos e Privacidade</Link>). Indique o número da encomenda e o e-mail com que a fez: enviamos-lhe
        uma ligação para escolher os artigos e confirmar.
      </p>
      <p>
        Tem conta na loja? Abra a encomenda em <Link to={paths.myOrders}>Minhas encomendas</Link>. Prefere escrever? Use o{' '}
        <Link to={paths.withdrawalForm}>formulário de livre resolução</Link>.
      </p>
      <Card className="withdrawal-request-card">
        <Card.Body>
          {sent && (
            <Alert variant="success" role="status">
              {sent}
            </Alert>
          )}
          <Form noValidate onSubmit={onSubmit}>
            <FormField id="withdrawal-order" label="Número da encomenda" inputMode="numeric" autoComplete="off" maxLength={10} required {...field('order_id')} />
            <FormField id="withdrawal-email" label="E-mail" type="email" autoComplete="email" maxLength={254} required {...field('email')} />
            {error && <Alert variant="danger">{error}</Alert>}
            <SubmitButton busy={busy} busyLabel="A enviar...">
              Enviar a ligação
            </SubmitButton>
          </Form>
        </Card.Body>
      </Card>
    </Container>
  );
}
