import { newsletterMessages } from '#shared/schemas/newsletter.ts';
import { type TokenAction, TokenActionPage } from '../../components/token-action-page.tsx';
import { confirmSubscription, unsubscribe } from './api.ts';

// The two links a subscriber gets by mail.
const confirm: TokenAction = {
  key: ['newsletter', 'confirm'],
  title: 'Confirmação da newsletter',
  description: 'Confirmação da subscrição da newsletter da loja.',
  call: confirmSubscription,
  loadingLabel: 'A confirmar a subscrição...',
  fallbackError: newsletterMessages.verifyError,
  tokenMissing: newsletterMessages.tokenMissing,
};
const stop: TokenAction = {
  key: ['newsletter', 'unsubscribe'],
  title: 'Cancelar a newsletter',
  description: 'Cancelamento da subscrição da newsletter da loja.',
  call: unsubscribe,
  loadingLabel: 'A cancelar a subscrição...',
  fallbackError: newsletterMessages.unsubscribeError,
  tokenMissing: newsletterMessages.tokenMissing,
};

/** /newsletter/verify?token= : the link in the confirmation mail. */
export function NewsletterVerifyPage() {
  return <TokenActionPage action={confirm} />;
}

/** /newsletter/unsubscribe?token= : the link at the foot of every newsletter. */
export function NewsletterUnsubscribePage() {
  return <TokenActionPage action={stop} />;
}
