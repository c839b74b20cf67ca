// The customer's pages issue #27 adds (the card return page, the Payshop screen), loaded by one import: the
// storefront's first script carries one lazy entry for both (npm run size: it is at its ceiling).
export { CardReturnPage } from './card-return-page.tsx';
export { PayshopPaymentPage } from './payshop-payment-page.tsx';
