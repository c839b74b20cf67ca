import { restockMessages } from '#shared/texts/restock.ts';
import { tokenActionPages, type TokenLinks } from '../../components/token-action-page.tsx';
import { confirmRestockAlert, stopRestockAlert } from './restock-api.ts';

// The two links of "Avise-me quando voltar" (issue #30): /avise-me/confirmar?token=, the confirmation of a
// guest's address, and /avise-me/cancelar?token=, the stop link every mail of a return to stock carries.
const restockLinks: TokenLinks = { key: 'restock-alert', description: 'O aviso de quando um produto volta a estar disponível.', tokenMissing: restockMessages.tokenMissing };
export const { confirm: RestockConfirmPage, stop: RestockStopPage } = tokenActionPages(restockLinks, {
  confirm: { title: 'Confirmar o aviso', loadingLabel: 'A confirmar o pedido...', call: confirmRestockAlert, fallbackError: restockMessages.confirmError },
  stop: { title: 'Cancelar o aviso', loadingLabel: 'A cancelar o aviso...', call: stopRestockAlert, fallbackError: restockMessages.stopError },
});
