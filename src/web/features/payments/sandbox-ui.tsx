import type { FormEventHandler, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { MessageAlert } from '../../components/message-alert.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import BiConeStripedIcon from '~icons/bi/cone-striped';
import type { IconComponent } from '../../components/icon.ts';

/** The frame of the sandbox pages: they stand for the customer's phone or an ATM, and say so before anything else. */
export function SandboxShell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Container className="py-4 py-md-5" style={{ maxWidth: '36rem' }}>
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <h1 className="h2 mb-3">{title}</h1>
      <Alert variant="warning" className="d-flex gap-2 payment-sandbox">
        <BiConeStripedIcon className="bi" aria-hidden="true" />
        <span>
          <strong>Ambiente de testes.</strong> Esta página faz de conta que é o banco: nenhum dinheiro é movimentado. Só funciona quando a loja usa
          o serviço de pagamentos de testes.
        </span>
      </Alert>
      {children}
    </Container>
  );
}

/** The device a sandbox page stands for (the phone, the ATM): a card headed by its icon and name. */
export function SandboxCard({ icon: Icon, heading, centered = false, children }: { icon?: IconComponent | undefined; heading: string; centered?: boolean; children: ReactNode }) {
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <h2 className={centered ? 'h5 text-center mb-3' : 'h5 mb-3'}>
          {Icon && <Icon className="bi me-2" aria-hidden="true" />}
          {heading}
        </h2>
        {children}
      </Card.Body>
    </Card>
  );
}

type PayFormProps = { busy: boolean; onSubmit: FormEventHandler<HTMLFormElement>; paid: string | null; failure: string | null | undefined; children: ReactNode };

/** The form of a sandbox ATM or counter: its fields, «Pagar», and what the "bank" answered, said as it comes. */
export function SandboxPayForm({ busy, onSubmit, paid, failure, children }: PayFormProps) {
  return (
    <>
      <Form noValidate onSubmit={onSubmit}>
        {children}
        <SubmitButton className="w-100" busy={busy} busyLabel="A pagar...">
          Pagar
        </SubmitButton>
      </Form>
      <div aria-live="polite">
        <MessageAlert message={paid} variant="success" className="mt-3 mb-0" />
        <MessageAlert message={failure} variant="danger" className="mt-3 mb-0" />
      </div>
    </>
  );
}

/** The sandbox API answers 404 outside sandbox mode. */
export const SANDBOX_OFF = 'O ambiente de testes de pagamentos não está disponível nesta loja.';
