import { z } from 'zod';
import { ORDER_BUTTON_LABEL } from '#shared/digital-consent.ts';
import { checkAddress, checkoutBody, phoneOf } from '#shared/schemas/orders.ts';
import { paymentMessages, mbwayMobile } from '#shared/schemas/payments.ts';

const mbwayNumber = (values: { payment_method: string; mbway_phone?: string | undefined }, ctx: z.RefinementCtx) => {
  if (values.payment_method !== 'mbway') return;
  const mobile = mbwayMobile.safeParse(values.mbway_phone ?? '');
  if (!mobile.success) ctx.addIssue({ code: 'custom', path: ['mbway_phone'], message: mobile.error.issues[0]?.message ?? paymentMessages.mobileInvalid });
};

const contactFields = { name: true, email: true, phone: true, nif: true, company: true, payment_method: true, digital_consent: true } as const;

/**
 * The checkout form: the server's own field rules and messages (storefront.md §5), without the lines and totals,
 * plus the MB WAY number the payment request goes to, asked for only when MB WAY is chosen.
 */
export const checkoutForm = checkoutBody
  .pick({ ...contactFields, address: true, city: true, postal_code: true, country: true })
  .extend({ mbway_phone: z.string().optional() })
  .superRefine(mbwayNumber)
  // The postcode and phone of the address's country (decision 0055), with the other fields' messages at once.
  .superRefine((v, ctx) => {
    if (typeof v.country === 'string') checkAddress({ country: v.country, postal_code: v.postal_code, phone: v.phone }, ctx);
  }, {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  // The phone as the server stores it (a Portuguese number's nine digits), so the order's body is what it was.
  .transform((v) => ({ ...v, phone: phoneOf(v.country, v.phone) ?? v.phone }));

/** A basket of digital products only ships nothing: no postal address is asked (issue #12). */
export const digitalCheckoutForm = checkoutBody
  .pick(contactFields)
  .extend({ mbway_phone: z.string().optional(), address: z.string().optional(), city: z.string().optional(), postal_code: z.string().optional(), country: z.string().optional() })
  .superRefine(mbwayNumber)
  // No address goes with it: the server reads the phone as Portugal's.
  .superRefine((v, ctx) => checkAddress({ country: 'PT', phone: v.phone }, ctx), { when: (payload) => typeof payload.value === 'object' && payload.value !== null })
  .transform((v) => ({ ...v, phone: phoneOf('PT', v.phone) ?? v.phone }));

export type CheckoutFormInput = z.input<typeof checkoutForm>;
export type CheckoutFormValues = z.output<typeof checkoutForm>;

/** The fields a server's 400 `fields` may name, in the form's order (the first gets the focus). */
export const checkoutFields = ['name', 'email', 'phone', 'address', 'city', 'postal_code', 'nif', 'company', 'payment_method'] as const;

export const submitFailed = 'Ocorreu um erro ao finalizar a compra. Por favor, tente novamente.';
export const connectionFailed = 'Não foi possível conectar ao servidor. Por favor, tente novamente mais tarde.';
export const confirmTotals = `Confirme o total da encomenda e volte a carregar em ${ORDER_BUTTON_LABEL}.`;

/** A random v4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
