import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { shopSetupQueryOptions } from './api.ts';

/**
 * The shop's details that still hold the example values they ship with (NIF, legal name...): said on top of
 * the dashboard until the owner sets them, closable for the visit.
 */
export function ShopSetupAlert() {
  const setup = useQuery(shopSetupQueryOptions);
  const [closed, setClosed] = useState(false);
  const examples = setup.data?.examples ?? [];
  if (closed || examples.length === 0) return null;
  return (
    <Alert variant="warning" dismissible onClose={() => setClosed(true)} closeLabel="Fechar">
      <h2 className="h6 alert-heading">Os dados da loja ainda têm valores de exemplo</h2>
      <p className="mb-1">{`Ainda de exemplo: ${examples.map((x) => x.label).join(', ')}. Aparecem nos termos, na página de contactos e nos emails.`}</p>
      <p className="small mb-0">{`Defina-os no ambiente do servidor (${examples.map((x) => x.setting).join(', ')}) e reinicie a loja.`}</p>
    </Alert>
  );
}
