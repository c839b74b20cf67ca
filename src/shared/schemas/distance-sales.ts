import { z } from 'zod';
import './locale.ts';
import { formatCents } from '../money.ts';

/*
 * Distance sales of goods to consumers in other EU countries (decision 0055): Portuguese VAT applies while the
 * EU-wide total of such sales (and of electronic services to other EU consumers) stays at or below 10 000 € in the
 * calendar year and in the year before (Directive 2006/112/CE art. 59.º-C, as Directive 2017/2455 wrote it; RITI
 * art. 14.º, n.º 2 and 3). Past it, the destination country's VAT applies (declared through the OSS), which the
 * shop does not charge: so it stops selling to other EU countries instead of charging the wrong VAT.
 */

/** The EU-wide threshold, VAT excluded, in cents. */
export const DISTANCE_SALES_LIMIT_CENTS = 1_000_000;
export const DISTANCE_SALES_WARNING_CENTS = (DISTANCE_SALES_LIMIT_CENTS * 80) / 100;

export const DISTANCE_LEVELS = ['ok', 'near', 'over'] as const;
export type DistanceLevel = (typeof DISTANCE_LEVELS)[number];

export const distanceSalesMeter = z.object({
  year: z.number().int(),
  /** This year's sales to other EU countries, VAT excluded (orders placed and not cancelled). */
  soldCents: z.number().int(),
  previousYearCents: z.number().int(),
  limitCents: z.number().int(),
  level: z.enum(DISTANCE_LEVELS),
  message: z.string().nullable(),
});
export type DistanceSalesMeter = z.infer<typeof distanceSalesMeter>;

export const distanceLevel = (soldCents: number, previousYearCents: number): DistanceLevel =>
  soldCents >= DISTANCE_SALES_LIMIT_CENTS || previousYearCents > DISTANCE_SALES_LIMIT_CENTS ? 'over' : soldCents >= DISTANCE_SALES_WARNING_CENTS ? 'near' : 'ok';

const limit = formatCents(DISTANCE_SALES_LIMIT_CENTS);

/** What the law then requires, in the owner's words. */
export function distanceMessage(level: DistanceLevel, soldCents: number, previousYearCents: number, year: number): string | null {
  const sold = formatCents(soldCents);
  if (level === 'near')
    return `As vendas à distância para outros países da UE já somam ${sold} (sem IVA) em ${year}, 80 % do limite de ${limit}. A partir do limite aplica-se o IVA do país de destino, declarado no balcão único (OSS), e é preciso registar a loja no OSS no Portal das Finanças. Ao chegar aos ${limit}, a loja deixa de aceitar encomendas para fora de Portugal até lá estar registada.`;
  if (level === 'over' && previousYearCents > DISTANCE_SALES_LIMIT_CENTS && soldCents < DISTANCE_SALES_LIMIT_CENTS)
    return `As vendas à distância para outros países da UE passaram os ${limit} em ${year - 1} (${formatCents(previousYearCents)}): todo o ano de ${year} vende com o IVA do país de destino, declarado no balcão único (OSS). A loja não cobra esse IVA, por isso não aceita encomendas para fora de Portugal. Registe-se no OSS e fale com o seu contabilista.`;
  if (level === 'over')
    return `As vendas à distância para outros países da UE chegaram a ${sold} (sem IVA) em ${year}, o limite de ${limit}: daqui em diante aplica-se o IVA do país de destino, declarado no balcão único (OSS), e é preciso registar a loja no OSS. A loja não cobra esse IVA, por isso deixou de aceitar encomendas para fora de Portugal. Fale com o seu contabilista.`;
  return null;
}

/** Why a checkout to another EU country is refused once the threshold is reached (pt-PT). */
export const distanceLimitReached = `De momento não aceitamos encomendas para fora de Portugal. Contacte-nos para combinarmos a venda.`;
