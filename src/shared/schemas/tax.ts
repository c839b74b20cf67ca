import { z } from 'zod';
import './locale.ts';
import { formatCents } from '../money.ts';
import { VAT_REGIMES, VAT_REGIONS } from '../vat.ts';
import { calendarDayField } from './days.ts';

/** The shop's VAT: regime and region from a day on (issue #29, decision 0053). */
export const taxMessages = {
  regime: 'Escolha o regime de IVA: normal ou isenção do art. 53.º.',
  region: 'Escolha a região da loja: Continente, Madeira ou Açores.',
  validFrom: 'Indique a data a partir da qual se aplica (por exemplo 2027-01-01).',
  past: 'A data não pode ser anterior a hoje: as encomendas já feitas ficam com o IVA com que foram vendidas.',
  saved: 'Definições de IVA guardadas.',
  unchanged: 'Nada mudou: o regime e a região já são esses a partir dessa data.',
} as const;

export const taxSettingBody = z.strictObject({
  regime: z.enum(VAT_REGIMES, { error: taxMessages.regime }),
  region: z.enum(VAT_REGIONS, { error: taxMessages.region }),
  valid_from: calendarDayField(taxMessages.validFrom),
});
export type TaxSettingBody = z.infer<typeof taxSettingBody>;

const setting = z.object({ regime: z.enum(VAT_REGIMES), region: z.enum(VAT_REGIONS), valid_from: z.string() });

/** What applies today, what is scheduled after, and the region's rates today (percent). */
export const taxSettings = setting.extend({
  scheduled: z.array(setting),
  rates: z.object({ normal: z.number(), intermediate: z.number(), reduced: z.number() }),
});
export type TaxSettings = z.infer<typeof taxSettings>;

/** The art. 53.º limits since 2025 (CIVA art. 53.º, as DL n.º 35/2025 wrote it), in cents. */
export const ART53_LIMIT_CENTS = 1_500_000;
export const ART53_CEILING_CENTS = 1_875_000;
export const ART53_WARNING_CENTS = (ART53_LIMIT_CENTS * 80) / 100;

export const TURNOVER_LEVELS = ['ok', 'near', 'over_limit', 'over_ceiling'] as const;
export type TurnoverLevel = (typeof TURNOVER_LEVELS)[number];

/** The exempt shop's turnover this calendar year against the law's two limits. */
export const turnoverMeter = z.object({
  year: z.number().int(),
  invoicedCents: z.number().int(),
  limitCents: z.number().int(),
  ceilingCents: z.number().int(),
  level: z.enum(TURNOVER_LEVELS),
  message: z.string().nullable(),
});
export type TurnoverMeter = z.infer<typeof turnoverMeter>;

export const turnoverLevel = (cents: number): TurnoverLevel =>
  cents > ART53_CEILING_CENTS ? 'over_ceiling' : cents > ART53_LIMIT_CENTS ? 'over_limit' : cents >= ART53_WARNING_CENTS ? 'near' : 'ok';

/** What the law then requires, in the owner's words (CIVA art. 53.º as amended for 2025; decision 0053). */
export function turnoverMessage(level: TurnoverLevel, cents: number, year: number): string | null {
  const sold = formatCents(cents);
  if (level === 'near')
    return `Já faturou ${sold} em ${year}, 80 % do limite de 15 000 € da isenção do art. 53.º. Se passar os 15 000 €, a isenção acaba no fim do ano e a loja cobra IVA a partir de 1 de janeiro de ${year + 1}; se passar os 18 750 €, acaba logo nessa fatura.`;
  if (level === 'over_limit')
    return `Faturou ${sold} em ${year}, acima dos 15 000 €: a isenção do art. 53.º termina a 31 de dezembro e, a partir de 1 de janeiro de ${year + 1}, a loja fica no regime normal e cobra IVA. Comunique a alteração à AT nos 15 dias úteis seguintes e mude aqui o regime a partir dessa data. Se passar os 18 750 €, a isenção acaba logo nessa fatura.`;
  if (level === 'over_ceiling')
    return `Faturou ${sold} em ${year}, acima dos 18 750 €: perdeu a isenção do art. 53.º a partir da fatura que passou esse valor, e essa fatura e as seguintes têm de levar IVA. Mude já o regime para normal, fale com o seu contabilista sobre essa fatura e comunique a alteração à AT nos 15 dias úteis seguintes.`;
  return null;
}
