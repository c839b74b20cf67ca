/**
 * A money heading on Resumo says the VAT is in it, except for a shop under the art. 53.º exemption, which charges
 * none (decision 0053: no VAT words anywhere then).
 */
export const withVat = (label: string, exempt: boolean) => (exempt ? label : `${label} (com IVA)`);
