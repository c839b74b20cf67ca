import { afterAll, beforeAll } from 'vitest';
import { type FakeInvoiceXpress, fakeInvoiceXpress } from './fake-invoicexpress.ts';

/** The fake InvoiceXpress for one test file: listening before the app starts (call it first), closed after. */
export function useFakeInvoiceXpress(): FakeInvoiceXpress {
  const fake = fakeInvoiceXpress();
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());
  return fake.state;
}
