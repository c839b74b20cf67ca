import { newsletterMessages } from '#shared/schemas/newsletter.ts';
import { tokenActionPages, type TokenLinks } from '../../components/token-action-page.tsx';
import { confirmSubscription, unsubscribe } from './api.ts';

// The two links a subscriber gets by mail: /newsletter/verify?token=, in the confirmation mail, and
// /newsletter/unsubscribe?token=, at the foot of every newsletter.
const newsletterLinks: TokenLinks = { key: 'newsletter', description: 'A subscrição da newsletter da loja.', tokenMissing: newsletterMessages.tokenMissing };
export const { verify: NewsletterVerifyPage, unsubscribe: NewsletterUnsubscribePage } = tokenActionPages(newsletterLinks, {
  verify: { title: 'Confirmação da newsletter', loadingLabel: 'A confirmar a subscrição...', call: confirmSubscription, fallbackError: newsletterMessages.verifyError },
  unsubscribe: { title: 'Cancelar a newsletter', loadingLabel: 'A cancelar a subscrição...', call: unsubscribe, fallbackError: newsletterMessages.unsubscribeError },
});
