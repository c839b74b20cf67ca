// The screens of a reference to pay later (Multibanco, Payshop), loaded by one import: the storefront's first script
// is at its size ceiling, and one lazy entry for both is what made room for Payshop (issue #27).
export { MultibancoPaymentPage } from './multibanco-payment-page.tsx';
export { PayshopPaymentPage } from './payshop-payment-page.tsx';
