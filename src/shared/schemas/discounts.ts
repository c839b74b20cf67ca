import { z } from 'zod';
import './locale.ts';
import { isCalendarDay } from '../dates.ts';
import { DISCOUNT_KINDS, normaliseCode } from '../discounts.ts';
import { parseEuros } from '../money.ts';
import { day, euros, optionalAmount } from './common.ts';

/** What the discount code calls say (pt-PT): the owner's form, and the refusals a customer reads (decision 0054). */
export const discountMessages = {
  code: 'Indique o código (2 a 30 letras, algarismos, - ou _).',
  codeTaken: 'Já existe um código de desconto com este nome.',
  kind: 'Escolha o tipo de desconto.',
  percent: 'Indique a percentagem, um número inteiro de 1 a 100.',
  fixed: 'Indique o valor do desconto (por exemplo 5,00).',
  minOrder: 'Indique o valor mínimo da encomenda (por exemplo 30,00), ou deixe vazio.',
  day: 'Indique a data no formato AAAA-MM-DD, ou deixe vazio.',
  daysOrder: 'A data de fim não pode ser anterior à de início.',
  uses: 'Indique um número inteiro de 1 a 1 000 000, ou deixe vazio (sem limite).',
  notFound: 'Código de desconto não encontrado.',
  deleted: 'Código de desconto eliminado.',
  // The refusals at the cart and the checkout.
  unknown: 'Não conhecemos este código de desconto. Verifique se o escreveu bem.',
  inactive: 'Este código de desconto não está ativo.',
  notYet: 'Este código só é válido a partir de {day}.',
  expired: 'Este código expirou.',
  belowMinimum: 'Este código só se aplica a encomendas a partir de {amount}. Faltam {missing}.',
  exhausted: 'Este código já foi usado o número máximo de vezes.',
  perCustomer: 'Já usou este código o número máximo de vezes permitido a cada cliente.',
  nothingToDiscount: 'Este código dá portes grátis, mas nada nesta encomenda é enviado.',
} as const;

/** A code as typed in the cart or the checkout: trimmed, upper-case; empty is none. */
export const discountCodeField = z
  .string({ error: discountMessages.unknown })
  .max(60, { error: discountMessages.unknown })
  .transform((v) => normaliseCode(v) || undefined)
  .optional();

const optionalDay = z
  .union([z.string(), z.null()], { error: discountMessages.day })
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!isCalendarDay(v)) {
      ctx.addIssue({ code: 'custom', message: discountMessages.day });
      return z.NEVER;
    }
    return v;
  })
  .meta({ type: 'string', format: 'date', description: 'Dia em Lisboa (AAAA-MM-DD); vazio ou null: sem limite.' });

const optionalCount = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: discountMessages.uses })
    .int({ error: discountMessages.uses })
    .min(1, { error: discountMessages.uses })
    .max(1_000_000, { error: discountMessages.uses })
    .nullable(),
);

/**
 * A code as the owner sets it (POST /discount-code, PUT /discount-code/{id}): `value` is a percentage for
 * `percent`, euros for `fixed`, ignored for `free_shipping`; dates are Lisbon days, the end day included.
 */
export const discountCodeBody = z
  .object({
    code: z
      .string({ error: discountMessages.code })
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,30}$/, { error: discountMessages.code })
      .transform(normaliseCode),
    kind: z.enum(DISCOUNT_KINDS, { error: discountMessages.kind }),
    value: z.union([z.string(), z.number(), z.null()]).optional().meta({ type: 'string', description: 'Percentagem (1 a 100) ou euros, conforme o tipo.' }),
    min_order: optionalAmount(discountMessages.minOrder),
    starts_at: optionalDay,
    ends_at: optionalDay,
    max_uses: optionalCount,
    max_uses_per_customer: optionalCount,
    active: z.boolean().default(true),
  })
  .strict()
  .transform((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    let value = 0;
    if (v.kind === 'percent') {
      value = Number(typeof v.value === 'string' ? v.value.trim().replace(/%$/, '') : v.value);
      if (!Number.isInteger(value) || value < 1 || value > 100 || v.value === '' || v.value == null) issue('value', discountMessages.percent);
    } else if (v.kind === 'fixed') {
      value = parseEuros(v.value);
      if (Number.isNaN(value) || value <= 0) issue('value', discountMessages.fixed);
    }
    if (v.starts_at && v.ends_at && v.ends_at < v.starts_at) issue('ends_at', discountMessages.daysOrder);
    return {
      code: v.code,
      kind: v.kind,
      value,
      minOrderCents: v.min_order,
      startsOn: v.starts_at,
      endsOn: v.ends_at,
      maxUses: v.max_uses,
      maxUsesPerCustomer: v.max_uses_per_customer,
      active: v.active,
    };
  });
export type DiscountCodeInput = z.input<typeof discountCodeBody>;
export type DiscountCodeValues = z.output<typeof discountCodeBody>;

/** A code as the calls answer it: `value` a percentage or euros (0 for free shipping), days in Lisbon, and its uses so far. */
export const discountCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  min_order: euros.nullable(),
  starts_at: day.nullable(),
  ends_at: day.nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  active: z.boolean(),
  uses: z.number().int(),
});
export type DiscountCode = z.infer<typeof discountCode>;
export const discountCodeList = z.object({ codes: z.array(discountCode) });
export type DiscountCodeList = z.infer<typeof discountCodeList>;

/** The discount an order holds, as its answers carry it (euros). */
export const orderDiscount = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** Taken off the goods (0 for free shipping). */
  amount: euros,
  /** The shipping a free-shipping code waived. */
  shipping_waived: euros,
  /** The line's words: 'Desconto (VERAO10, 10%)', 'Portes grátis (código FRETE)'. */
  label: z.string(),
});
