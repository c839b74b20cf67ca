import { restockMessages } from '#shared/texts/restock.ts';
import { type TokenAction, TokenActionPage } from '../../components/token-action-page.tsx';
import { confirmRestockAlert, stopRestockAlert } from './restock-api.ts';

// The two links of "Avise-me quando voltar" (issue #30): the confirmation of a guest's address, and the stop
// link every mail carries.
const confirm: TokenAction = {
  key: ['restock-alert', 'confirm'],
  title: 'Confirmar o aviso',
  description: 'Confirmação do pedido de aviso quando um produto voltar a estar disponível.',
  call: confirmRestockAlert,
  loadingLabel: 'A confirmar o pedido...',
  fallbackError: restockMessages.confirmError,
  tokenMissing: restockMessages.tokenMissing,
};
const stop: TokenAction = {
  key: ['restock-alert', 'stop'],
  title: 'Cancelar o aviso',
  description: 'Cancelamento do aviso de regresso de um produto.',
  call: stopRestockAlert,
  loadingLabel: 'A cancelar o aviso...',
  fallbackError: restockMessages.stopError,
  tokenMissing: restockMessages.tokenMissing,
};

/** /avise-me/confirmar?token= : the link in the confirmation mail. */
export function RestockConfirmPage() {
  return <TokenActionPage action={confirm} />;
}

/** /avise-me/cancelar?token= : the link in every mail of a return to stock. */
export function RestockStopPage() {
  return <TokenActionPage action={stop} />;
}
