import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { parseEuros, toEuros } from '../money.ts';
import { CARRIERS, SHIPPING_KINDS, type ShippingRules } from '../shipping.ts';
import { euros, optionalAmount } from './common.ts';

/** What the shipping calls say when they refuse (pt-PT). */
export const shippingMessages = {
  zone: 'Escolha a zona.',
  name: 'Indique o nome do método de envio.',
  kind: 'Escolha como se calcula o preço.',
  price: 'Indique o preço (por exemplo 6,00).',
  bands: 'Indique pelo menos um escalão, com limites crescentes.',
  bandLimit: 'Indique o limite do escalão (o último pode ficar vazio: «e acima»).',
  freeAbove: 'Indique o valor a partir do qual é grátis (por exemplo 70,00), ou deixe vazio.',
  days: 'Indique os dias úteis de entrega (0 a 60).',
  daysOrder: 'O prazo máximo não pode ser menor do que o mínimo.',
  pickupAddress: 'Indique a morada onde se levanta a encomenda.',
  pickupHours: 'Indique o horário de levantamento.',
  notFound: 'Método de envio não encontrado.',
  deleted: 'Método de envio eliminado.',
  noMethod: 'Não há nenhum método de envio para este código postal com estes produtos. Contacte-nos para combinarmos o envio.',
  methodRefused: 'O método de envio escolhido não serve esta morada. Escolha outro.',
  carrier: 'Escolha a transportadora.',
  trackingNumber: 'O número de seguimento tem no máximo 60 caracteres, sem espaços.',
} as const;

/** Euros typed ("6,00") or sent (6), to cents; NaN when it is not an amount. */
const amount = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const cents = parseEuros(v);
    if (Number.isNaN(cents)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
const days = z.coerce.number({ error: shippingMessages.days }).int({ error: shippingMessages.days }).min(0, { error: shippingMessages.days }).max(60, { error: shippingMessages.days });
const ownerText = (max: number) => z.string().trim().max(max, { error: messages.tooLong }).nullish().transform((v) => v || null);

const band = z.object({
  up_to: z
    .union([z.string(), z.number(), z.null()])
    .meta({ type: 'string', description: 'Até este valor (euros) ou peso (gramas); vazio ou null no último escalão: «e acima».' })
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  price: amount(shippingMessages.price),
});

/**
 * A shipping method as the owner sets it (GET/POST /shipping-method, PUT /shipping-method/{id}): euros for
 * prices and for value bands' limits, grams for weight bands' limits; `up_to` empty on the last band is "and above".
 */
export const shippingMethodBody = z
  .object({
    /** A zone of Portugal's ('continente', 'madeira', 'acores') or an added zone's code (decision 0055). */
    zone: z.string({ error: shippingMessages.zone }).trim().toLowerCase().regex(/^[a-z][a-z0-9-]{1,29}$/, { error: shippingMessages.zone }).meta({ description: "'continente', 'madeira', 'acores' ou o código de uma zona acrescentada." }),
    name: z.string({ error: shippingMessages.name }).trim().min(1, { error: shippingMessages.name }).max(80, { error: messages.tooLong }),
    kind: z.enum(SHIPPING_KINDS, { error: shippingMessages.kind }),
    price: optionalAmount(shippingMessages.price),
    bands: z.array(band).max(20, { error: messages.tooLong }).default([]),
    free_above: optionalAmount(shippingMessages.freeAbove),
    days_min: days,
    days_max: days,
    active: z.boolean().default(true),
    pickup_address: ownerText(300),
    pickup_hours: ownerText(200),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!Array.isArray(v.bands)) return;
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (v.days_max < v.days_min) issue(['days_max'], shippingMessages.daysOrder);
    if (v.kind === 'flat' && v.price === null) issue(['price'], shippingMessages.price);
    if (v.kind === 'pickup') {
      if (!v.pickup_address) issue(['pickup_address'], shippingMessages.pickupAddress);
      if (!v.pickup_hours) issue(['pickup_hours'], shippingMessages.pickupHours);
    }
    if (v.kind !== 'value_bands' && v.kind !== 'weight_bands') return;
    if (!v.bands.length) issue(['bands'], shippingMessages.bands);
    let last = -1;
    v.bands.forEach((b, index) => {
      const limit = b.up_to === null ? null : v.kind === 'weight_bands' ? Number(b.up_to) : parseEuros(b.up_to);
      const open = limit === null;
      const wrong = open ? index !== v.bands.length - 1 : !Number.isInteger(limit) || limit <= last || limit > 100_000_000;
      if (wrong) issue(['bands', index, 'up_to'], open ? shippingMessages.bandLimit : shippingMessages.bands);
      if (!open) last = limit;
    });
    // Also when a field is already wrong, so the form shows every problem at once (but not on what is no form).
  }, { when: (payload) => typeof payload.value === 'object' && payload.value !== null })
  .transform((v) => ({
    zone: v.zone,
    name: v.name,
    kind: v.kind,
    priceCents: v.kind === 'flat' ? (v.price ?? 0) : 0,
    bands:
      v.kind === 'value_bands' || v.kind === 'weight_bands'
        ? v.bands.map((b) => ({ upTo: b.up_to === null ? null : v.kind === 'weight_bands' ? Number(b.up_to) : parseEuros(b.up_to), priceCents: b.price }))
        : [],
    freeAboveCents: v.kind === 'pickup' ? null : v.free_above,
    daysMin: v.days_min,
    daysMax: v.days_max,
    active: v.active,
    pickupAddress: v.kind === 'pickup' ? v.pickup_address : null,
    pickupHours: v.kind === 'pickup' ? v.pickup_hours : null,
  }));
export type ShippingMethodInput = z.input<typeof shippingMethodBody>;
export type ShippingMethodValues = z.output<typeof shippingMethodBody>;

/** A method as the calls answer it (euros; a value band's limit in euros, a weight band's in grams). */
export const shippingMethod = z.object({
  id: z.number().int(),
  zone: z.string(),
  name: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  price: euros,
  bands: z.array(z.object({ up_to: z.number().nullable(), price: euros })),
  free_above: euros.nullable(),
  days_min: z.number().int(),
  days_max: z.number().int(),
  active: z.boolean(),
  pickup_address: z.string().nullable(),
  pickup_hours: z.string().nullable(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;
export const shippingMethodList = z.object({
  methods: z.array(shippingMethod),
  /** The public offer only (decision 0055): the owner's zones abroad, so the terms name them with their countries. */
  zones: z.array(z.object({ code: z.string(), name: z.string(), countries: z.array(z.string()) })).optional(),
});
export type ShippingMethodList = z.infer<typeof shippingMethodList>;

export const toShippingMethod = (m: ShippingRules): ShippingMethod => ({
  id: m.id,
  zone: m.zone,
  name: m.name,
  kind: m.kind,
  price: toEuros(m.priceCents),
  bands: m.bands.map((b) => ({ up_to: b.upTo === null ? null : m.kind === 'weight_bands' ? b.upTo : toEuros(b.upTo), price: toEuros(b.priceCents) })),
  free_above: m.freeAboveCents === null ? null : toEuros(m.freeAboveCents),
  days_min: m.daysMin,
  days_max: m.daysMax,
  active: m.active,
  pickup_address: m.pickupAddress,
  pickup_hours: m.pickupHours,
});


/** A method offered at the checkout for the customer's postcode, with its price for her basket. */
export const shippingOffer = z.object({
  id: z.number().int(),
  name: z.string(),
  price: euros,
  free: z.boolean(),
  days_min: z.number().int(),
  days_max: z.number().int(),
  pickup: z.boolean(),
  /** Pickup only: where and when, in the owner's words. */
  pickup_details: z.string().nullable(),
});
export type ShippingOffer = z.infer<typeof shippingOffer>;

/** What an order keeps of how it ships, and its parcel once it left (the order pages and mails show them). */
export const orderShipping = z.object({
  method: z.object({ id: z.number().int().nullable(), name: z.string(), zone: z.string().nullable(), pickup: z.boolean(), pickup_details: z.string().nullable() }).nullable(),
  tracking: z.object({ carrier: z.enum(CARRIERS), carrier_label: z.string(), number: z.string(), url: z.string().nullable() }).nullable(),
});

/** The parcel as the owner gives it when an order leaves (admin form and list step): both optional. */
export const trackingFields = {
  tracking_carrier: z.preprocess((v) => (v === '' ? null : v), z.enum(CARRIERS, { error: shippingMessages.carrier }).nullish()),
  tracking_number: z
    .string()
    .trim()
    .max(60, { error: shippingMessages.trackingNumber })
    .regex(/^[^\s]*$/, { error: shippingMessages.trackingNumber })
    .nullish()
    // Absent keeps the order's number; empty or null clears it.
    .transform((v) => (v === undefined ? undefined : v || null)),
};
