/** The two fiscal documents the shop issues: a fatura-recibo when an order is paid, a nota de crédito per refund. */
export type DocumentKind = 'invoice_receipt' | 'credit_note';

/** The words a document's number is shown with: "Fatura-recibo FR A/12", "Nota de crédito NC A/3". */
export const documentLabel = (kind: DocumentKind, number: string) =>
  kind === 'invoice_receipt' ? `Fatura-recibo FR ${number}` : `Nota de crédito NC ${number}`;
