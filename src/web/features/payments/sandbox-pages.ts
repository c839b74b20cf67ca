// The sandbox gateway's pages (the test phone, ATM, card page and Payshop agent), loaded by one import: they are
// for tests and demonstrations, and one lazy entry for the four keeps the storefront's first script small.
export { SandboxCardPage } from './sandbox-card-page.tsx';
export { SandboxMbwayPage } from './sandbox-mbway-page.tsx';
export { SandboxMultibancoPage } from './sandbox-multibanco-page.tsx';
export { SandboxPayshopPage } from './sandbox-payshop-page.tsx';
