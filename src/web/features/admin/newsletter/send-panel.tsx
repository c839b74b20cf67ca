import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { newsletterMessages } from '#shared/schemas/newsletter.ts';
import { errorMessage } from '../../../api/client.ts';
import { subscribersQueryOptions, useSendTest, useSwitchSending } from './api.ts';
import BiEnvelopeIcon from '~icons/bi/envelope';

type Props = {
  isToSend: boolean;
  title: string;
  /** Unsaved changes in the editor: what would go out is not what the admin sees. */
  dirty: boolean;
};

type Notice = { variant: 'success' | 'danger'; text: string };

/** The send switch (isToSend) and the test mail to the admin's own address. */
export function SendPanel({ isToSend, title, dirty }: Props) {
  const toggle = useSwitchSending();
  const test = useSendTest();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // How many will receive it, said before the admin sends (the confirmed subscribers, read fresh when asked).
  const subscribers = useQuery({ ...subscribersQueryOptions(), enabled: confirmOpen });
  const recipients = subscribers.data?.filter((s) => s.status === 'confirmed').length;

  const switchTo = (wanted: boolean) => {
    setNotice(null);
    toggle.mutate(wanted, {
      onSuccess: (answer) => {
        setConfirmOpen(false);
        setNotice({ variant: 'success', text: answer.message });
      },
      onError: (err) => {
        setConfirmOpen(false);
        setNotice({ variant: 'danger', text: errorMessage(err, newsletterMessages.switchError) });
      },
    });
  };

  const sendTest = () => {
    setNotice(null);
    test.mutate(undefined, {
      onSuccess: (answer) => setNotice({ variant: 'success', text: answer.message }),
      onError: (err) => setNotice({ variant: 'danger', text: errorMessage(err, newsletterMessages.testError) }),
    });
  };

  const busy = toggle.isPending || test.isPending;
  return (
    <section aria-labelledby="newsletter-send-title" className="mt-5">
      <h2 id="newsletter-send-title" className="h5 mb-3">
        Envio
      </h2>
      <Form.Check
        type="switch"
        role="switch"
        id="newsletter-is-to-send"
        label={isToSend ? 'Envio ligado: a newsletter está a ser enviada' : 'Enviar a newsletter aos subscritores'}
        checked={isToSend}
        disabled={busy || (dirty && !isToSend)}
        aria-describedby="newsletter-send-hint"
        onChange={(event) => (event.target.checked ? setConfirmOpen(true) : switchTo(false))}
      />
      <p id="newsletter-send-hint" className="small text-secondary mt-1">
        {dirty ?
          'Guarde as alterações antes de enviar a newsletter ou um teste.'
        : 'Ao ligar, a newsletter guardada é enviada a todos os subscritores confirmados e o interruptor desliga-se no fim. Desligar a meio para o envio.'}
      </p>
      <Button variant="outline-primary" onClick={sendTest} disabled={busy || dirty} aria-busy={test.isPending || undefined}>
        {test.isPending ?
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        : <BiEnvelopeIcon className="bi me-2" aria-hidden="true" />}
        Enviar teste para mim
      </Button>
      <div aria-live="polite">
        {notice && (
          <Alert
            variant={notice.variant}
            dismissible
            onClose={() => setNotice(null)}
            closeLabel="Fechar"
            className="mt-3 mb-0"
            role={notice.variant === 'danger' ? 'alert' : 'status'}
          >
            {notice.text}
          </Alert>
        )}
      </div>

      <Modal show={confirmOpen} onHide={() => !toggle.isPending && setConfirmOpen(false)} centered aria-labelledby="newsletter-confirm-title">
        <Modal.Header closeButton={!toggle.isPending} closeLabel="Fechar">
          <Modal.Title as="h2" id="newsletter-confirm-title" className="h5">
            Enviar a newsletter
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">
            A newsletter <strong className="text-break">«{title}»</strong> vai ser enviada{' '}
            {recipients === undefined ?
              'a todos os subscritores confirmados'
            : <strong>{recipients === 1 ? 'a 1 subscritor confirmado' : `a ${recipients} subscritores confirmados`}</strong>}
            . Um email enviado não pode ser anulado. Deseja continuar?
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirmOpen(false)} disabled={toggle.isPending}>
            Cancelar
          </Button>
          <Button variant="primary" onClick={() => switchTo(true)} disabled={toggle.isPending || recipients === 0}>
            {toggle.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Enviar agora
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
