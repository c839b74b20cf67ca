import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { importMessages, MAX_IMPORT_SIZE, type ProductImportResult } from '#shared/schemas/exports.ts';
import { api, errorMessage } from '../../../api/client.ts';
import { queryRoots } from '../../../api/query-keys.ts';
import { ConfirmModal, requestStatus } from '../../../components/confirm-modal.tsx';

/**
 * The products tab's import (issue #17), for a shop moving from another platform: a CSV with the export's
 * columns is checked first (every line's problems, nothing changed), and only a file that passed is imported,
 * whole or not at all, after a confirmation.
 */
export function ProductImport() {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const run = useMutation({
    mutationFn: (dryRun: boolean) => api.post<ProductImportResult>('/product/import', { csv: file?.text ?? '', dryRun }),
    onSuccess: (result) => {
      setConfirming(false);
      if (result.imported) void queryClient.invalidateQueries({ queryKey: queryRoots.catalog });
    },
  });
  const result = run.data;
  const checkedClean = result?.dryRun && result.problems.length === 0 && result.creates + result.updates > 0;

  const choose = async (chosen: File | undefined) => {
    run.reset();
    setFile(null);
    setReadError(null);
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_SIZE) return setReadError(importMessages.tooLarge);
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  return (
    <details className="mb-3">
      <summary className="fw-semibold">Importar produtos de um ficheiro CSV</summary>
      <p className="small text-secondary mt-2">
        Use as colunas da exportação (ID, Nome, Descrição, Tipo, Variante, SKU, Preço com IVA, Stock, Ordem, Link de acesso). Uma linha com ID atualiza esse produto; sem ID, cria um novo. As variantes de um
        produto são linhas seguidas com o mesmo nome. Primeiro verifique: nada muda até importar.
      </p>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId={`${id}-file`}>
          <Form.Label>Ficheiro CSV</Form.Label>
          <Form.Control type="file" accept=".csv,text/csv" onChange={(e) => void choose((e.target as HTMLInputElement).files?.[0])} isInvalid={readError !== null} aria-describedby={readError ? `${id}-read` : undefined} />
        </Form.Group>
        <Button variant="outline-primary" disabled={!file || run.isPending} onClick={() => run.mutate(true)}>
          {run.isPending && !confirming ? 'A verificar...' : 'Verificar'}
        </Button>
        {checkedClean && (
          <Button variant="primary" disabled={run.isPending} onClick={() => setConfirming(true)}>
            Importar
          </Button>
        )}
      </div>
      {readError && (
        <p id={`${id}-read`} className="text-danger small mt-2 mb-0" role="alert">
          {readError}
        </p>
      )}
      {run.isError && (
        <Alert variant="danger" className="mt-3 mb-0">
          {errorMessage(run.error, 'Não foi possível ler o ficheiro. Tente novamente.')}
        </Alert>
      )}
      {result && <ImportOutcome result={result} />}
      <ConfirmModal
        show={confirming}
        title="Importar produtos"
        confirmLabel="Importar"
        busyLabel="A importar..."
        {...requestStatus(run, 'Não foi possível importar. Nada foi alterado.')}
        onConfirm={() => run.mutate(false)}
        onCancel={() => setConfirming(false)}
      >
        {result && `Vai criar ${result.creates} e atualizar ${result.updates} produtos a partir de «${file?.name ?? ''}». Os produtos atualizados ficam com os valores do ficheiro.`}
      </ConfirmModal>
    </details>
  );
}

function ImportOutcome({ result }: { result: ProductImportResult }) {
  const ok = result.problems.length === 0;
  return (
    <Alert variant={ok ? (result.imported ? 'success' : 'info') : 'danger'} className="mt-3 mb-0" role={ok ? 'status' : 'alert'}>
      <p className="mb-1">{result.message}</p>
      {result.skipped > 0 && <p className="small mb-1">{result.skipped === 1 ? '1 linha de um produto arquivado foi ignorada.' : `${result.skipped} linhas de produtos arquivados foram ignoradas.`}</p>}
      {!ok && (
        <ul className="small mb-0">
          {result.problems.map((problem) => (
            <li key={`${problem.line}-${problem.message}`}>
              Linha {problem.line}: {problem.message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
