import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { dataRequestBody, type DataRequestBody } from '#shared/schemas/privacy.ts';
import { ConfirmModal, requestStatus } from '../../../components/confirm-modal.tsx';
import { FormField } from '../../../components/form/field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { useDataRequestErase, useDataRequestExport } from './api.ts';

const failed = 'Não foi possível tratar o pedido. Por favor, tente novamente.';

/** Saves the export as a JSON file, from memory (the answer is already here). */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Pedido RGPD" (issue #28): a request that came by e-mail or letter, from a guest or a customer, answered for
 * an e-mail address: its data exported as a file, or anonymised (orders kept for the fiscal record). Both are
 * in the audit log; an erasure is refused with the reason while an order is open.
 */
export function DataRequestPanel() {
  const exportData = useDataRequestExport();
  const erase = useDataRequestErase();
  const [notice, setNotice] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const { form, field, error, submit } = useServerForm(dataRequestBody, { email: '' } as DataRequestBody, { accept: ['email'], fallback: failed });

  const onExport = submit(async ({ email }) => {
    setNotice(null);
    const data = await exportData.mutateAsync(email);
    download(`dados-${email}.json`, data);
    setNotice(`Exportados os dados de ${email}: ${data.account ? 'conta, ' : ''}${data.orders.length} encomenda(s), ${data.contact_messages.length} mensagem(ns).`);
  });
  const onAskErase = form.handleSubmit(({ email }) => {
    setNotice(null);
    erase.reset();
    setAsking(email);
  });
  const onErase = () => {
    if (!asking) return;
    erase.mutate(asking, {
      onSuccess: (answer) => {
        setAsking(null);
        setNotice(answer.message);
        form.reset({ email: '' });
      },
    });
  };

  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h5">Pedido RGPD</h2>
        <p className="text-secondary">
          Para pedidos recebidos por email ou carta, também de clientes sem conta: exporte tudo o que a loja guarda para um email, ou
          anonimize-o. As encomendas ficam no registo fiscal, sem nome, email, telefone ou morada. Cada pedido fica no separador Registo.
        </p>
        {notice && (
          <Alert variant="success" role="status">
            {notice}
          </Alert>
        )}
        {error && <Alert variant="danger">{error}</Alert>}
        <Form noValidate onSubmit={onExport}>
          <FormField id="data-request-email" label="Email do pedido" type="email" autoComplete="off" required {...field('email')} />
          <div className="d-flex flex-wrap gap-2">
            <SubmitButton busy={exportData.isPending}>Exportar dados</SubmitButton>
            <Button variant="outline-danger" onClick={() => void onAskErase()}>
              Anonimizar dados
            </Button>
          </div>
        </Form>
      </Card.Body>
      <ConfirmModal
        show={asking !== null}
        title="Anonimizar dados"
        confirmLabel="Anonimizar"
        busyLabel="A anonimizar..."
        variant="danger"
        {...requestStatus(erase, failed)}
        onConfirm={onErase}
        onCancel={() => setAsking(null)}
      >
        <p className="mb-0">
          Apagar a conta, as mensagens e a subscrição de <strong className="text-break">{asking}</strong>, e anonimizar as suas encomendas? Esta
          ação não pode ser desfeita.
        </p>
      </ConfirmModal>
    </Card>
  );
}
