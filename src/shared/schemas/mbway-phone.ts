import { z } from 'zod';

/*
 * An MB WAY mobile number, Portuguese or foreign (issue #27). ifthenpay: "For Portuguese mobile numbers,
 * you don't need to send a country code, otherwise you'll need to add the country code. (Example of a
 * foreign number: 34#912345678)" (payments/ifthenpay-documented/mbway-request.json).
 *
 * Kept as the shop stores it: a Portuguese number as its 9 digits ("912345678", as before), a foreign one
 * as "+<code><number>" ("+34612345678"). Country calling codes are prefix-free (ITU-T E.164), so the code
 * of "+34612345678" is read unambiguously from the list below.
 */

/** Country calling codes MB WAY customers are likely to have, with the country's name in pt-PT. */
const COUNTRIES: Record<string, string> = {
  '1': 'Estados Unidos ou Canadá',
  '27': 'África do Sul',
  '30': 'Grécia',
  '31': 'Países Baixos',
  '32': 'Bélgica',
  '33': 'França',
  '34': 'Espanha',
  '352': 'Luxemburgo',
  '353': 'Irlanda',
  '354': 'Islândia',
  '356': 'Malta',
  '357': 'Chipre',
  '358': 'Finlândia',
  '359': 'Bulgária',
  '36': 'Hungria',
  '370': 'Lituânia',
  '371': 'Letónia',
  '372': 'Estónia',
  '376': 'Andorra',
  '377': 'Mónaco',
  '385': 'Croácia',
  '386': 'Eslovénia',
  '39': 'Itália',
  '40': 'Roménia',
  '41': 'Suíça',
  '420': 'Chéquia',
  '421': 'Eslováquia',
  '423': 'Listenstaine',
  '43': 'Áustria',
  '44': 'Reino Unido',
  '45': 'Dinamarca',
  '46': 'Suécia',
  '47': 'Noruega',
  '48': 'Polónia',
  '49': 'Alemanha',
  '55': 'Brasil',
  '238': 'Cabo Verde',
  '239': 'São Tomé e Príncipe',
  '244': 'Angola',
  '245': 'Guiné-Bissau',
  '258': 'Moçambique',
  '351': 'Portugal',
  '670': 'Timor-Leste',
};

export const mbwayPhoneMessages = {
  required: 'Por favor insira o número de telemóvel associado ao MB WAY.',
  invalid: 'Por favor insira um número de telemóvel válido: 9 dígitos começados por 9, ou com o indicativo do país (ex.: +34 612 345 678).',
  unknownCountry: 'Não reconhecemos o indicativo deste número. Escreva-o com o indicativo do país, por exemplo +34 612 345 678.',
} as const;

export type MbwayPhone = { code: string; country: string; national: string };

const codeOf = (digits: string) => [1, 2, 3].map((n) => digits.slice(0, n)).find((c) => c in COUNTRIES);

/** Reads what a customer typed: "912 345 678", "+351 912…", "00351 912…", "+34 612 345 678", "0034 612…". */
export function readMbwayPhone(typed: string): MbwayPhone | 'invalid' | 'unknown_country' {
  const compact = typed.trim().replace(/[\s\-.()]/g, '');
  if (/^9\d{8}$/.test(compact)) return { code: '351', country: COUNTRIES['351']!, national: compact };
  const international = /^(?:\+|00)(\d{7,15})$/.exec(compact);
  if (!international) return 'invalid';
  const digits = international[1]!;
  const code = codeOf(digits);
  if (!code) return 'unknown_country';
  const national = digits.slice(code.length);
  if (code === '351') return /^9\d{8}$/.test(national) ? { code, country: COUNTRIES[code]!, national } : 'invalid';
  if (!/^\d{6,12}$/.test(national)) return 'invalid';
  return { code, country: COUNTRIES[code]!, national };
}

/** As stored and answered: 9 digits for Portugal, "+<code><number>" otherwise. */
export const storedMbwayPhone = (phone: MbwayPhone) => (phone.code === '351' ? phone.national : `+${phone.code}${phone.national}`);

/** A stored number as ifthenpay's request takes it: "351#912345678", "34#612345678". */
export function gatewayMobileNumber(stored: string): string {
  const phone = readMbwayPhone(stored);
  if (typeof phone === 'string') throw new Error('not an MB WAY number');
  return `${phone.code}#${phone.national}`;
}

/** The country the shop assumes for what was typed, in words: "Número de Portugal (+351)."; null while unreadable. */
export function mbwayCountryHint(typed: string): string | null {
  const phone = readMbwayPhone(typed);
  return typeof phone === 'string' ? null : `Número de ${phone.country} (+${phone.code}).`;
}

/** A stored number for reading: "912 345 678", "+34 612 345 678". */
export function groupMbwayPhone(stored: string): string {
  const phone = readMbwayPhone(stored);
  if (typeof phone === 'string') return stored;
  const grouped = phone.national.replace(/(\d{3})(?=\d)/g, '$1 ');
  return phone.code === '351' ? grouped : `+${phone.code} ${grouped}`;
}

/** The field of the MB WAY calls: what the customer typed, normalised to the stored form. */
export const mbwayMobile = z
  .string({ error: mbwayPhoneMessages.required })
  .trim()
  .min(1, { error: mbwayPhoneMessages.required })
  .max(30, { error: mbwayPhoneMessages.invalid })
  .transform((typed, ctx) => {
    const phone = readMbwayPhone(typed);
    if (typeof phone !== 'string') return storedMbwayPhone(phone);
    ctx.addIssue({ code: 'custom', message: phone === 'unknown_country' ? mbwayPhoneMessages.unknownCountry : mbwayPhoneMessages.invalid });
    return z.NEVER;
  });
