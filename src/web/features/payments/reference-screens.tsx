import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { errorMessage } from '../../api/client.ts';
import { useSession } from '../../session/session.tsx';
import { orderHref } from './payment-alternatives.tsx';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';

// The parts the Multibanco and Payshop screens share: a reference is a reference, whoever takes the money.

type ReferenceCardProps = {
  title: string;
  orderId: number;
  icon?: ReactNode;
  /** Whether the payment has arrived (asked while the screen is open), and what the screen says then. */
  paid: boolean;
  paidText: string;
  /** The reference and how to pay it, while unpaid. */
  children: ReactNode;
  /** The links under the card. */
  actions: ReactNode;
  /** A sandbox reference's notice, shown while unpaid; null for a real one. */
  sandbox: { text: string; to: string; label: string } | null;
};

/** A reference's screen: the order, the reference until it is paid (then «Pagamento recebido!»), the links, and the sandbox's notice. */
export function ReferenceCard({ title, orderId, icon, paid, paidText, children, actions, sandbox }: ReferenceCardProps) {
  return (
    <>
      <Card className="shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <div className="text-center mb-4">
            {icon}
            <h1 className="h3">{title}</h1>
            <p className="text-secondary mb-0">{`Encomenda N.º ${orderId}`}</p>
          </div>
          <div aria-live="polite">
            {paid ?
              <Alert variant="success" className="mb-0">
                <p className="fw-semibold mb-1">
                  <BiCheckCircleFillIcon className="bi me-2" aria-hidden="true" />
                  Pagamento recebido!
                </p>
                <p className="mb-0">{paidText}</p>
              </Alert>
            : children}
          </div>
          {actions}
        </Card.Body>
      </Card>
      {sandbox && !paid && <SandboxNotice {...sandbox} />}
    </>
  );
}

/** Under a sandbox reference: nothing is paid for real, and where to pay it on the sandbox's own page. */
function SandboxNotice({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <Card className="mt-4 border-warning payment-sandbox">
      <Card.Body>
        <Badge bg="warning" text="dark" className="mb-2">
          Ambiente de testes
        </Badge>
        <p className="small mb-2">{text}</p>
        <Link to={to} className="btn btn-sm btn-outline-dark">
          {label}
        </Link>
      </Card.Body>
    </Card>
  );
}

type StartFailedProps<T> = {
  title: string;
  orderId: number;
  token: string | undefined;
  /** Why the first request failed (the checkout's words). */
  message: string | undefined;
  /** Asks the gateway again for the same order; `onStarted` takes the new reference. */
  start: () => Promise<T>;
  onStarted: (answer: T) => void;
};

/** The order exists but its reference could not be made: say so, and ask again for the same order. */
export function ReferenceStartFailed<T>({ title, orderId, token, message, start, onStarted }: StartFailedProps<T>) {
  const { user } = useSession();
  const retry = useMutation({ mutationFn: start, onSuccess: onStarted });
  return (
    <>
      <h1 className="h2 mb-4">{title}</h1>
      <Card className="shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <p className="mb-3">{`Encomenda N.º ${orderId}`}</p>
          <div aria-live="polite">
            <Alert variant="danger">
              <p className="mb-1">{retry.isError ? errorMessage(retry.error, paymentMessages.gatewayUnavailable) : message}</p>
              <p className="mb-0">A sua encomenda foi registada: peça de novo a referência para a pagar.</p>
            </Alert>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => retry.mutate()} disabled={retry.isPending} aria-busy={retry.isPending || undefined}>
              {retry.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Pedir a referência de novo
            </Button>
            <Link to={orderHref(orderId, token, Boolean(user))} className="btn btn-link">
              Ver a encomenda
            </Link>
          </div>
        </Card.Body>
      </Card>
    </>
  );
}
