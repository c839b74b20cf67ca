// The screens of a payment made at once (MB WAY on the phone, the card page's return), loaded by one import: the
// storefront's first script is at its size ceiling, and one lazy entry for both made room for cards (issue #27).
export { CardReturnPage } from './card-return-page.tsx';
export { MbwayPaymentPage } from './mbway-payment-page.tsx';
