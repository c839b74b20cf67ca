import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { SHIPPING_ZONES } from '../shipping.ts';
import { countryCodeOf, countryName, EU_COUNTRIES, isCountryCode } from '../countries.ts';

/* The owner's own shipping zones (decision 0055): a code, a name and the EU countries it serves. */

export const zoneMessages = {
  code: 'Indique o código da zona: letras minúsculas, algarismos ou hífenes (2 a 30), por exemplo «espanha».',
  codeBuiltIn: 'Esse código é de uma zona de Portugal. Escolha outro.',
  codeTaken: 'Já existe uma zona com esse código.',
  name: 'Indique o nome da zona (por exemplo Espanha).',
  countries: 'Indique pelo menos um país (código ISO de 2 letras, por exemplo ES).',
  countryUnknown: 'Por agora a loja só envia para países da União Europeia: «{code}» não é um deles (código ISO de 2 letras, por exemplo ES).',
  countryPortugal: 'Portugal não entra numa zona: as zonas de Portugal vêm do código postal.',
  countryTaken: '{country} já pertence à zona «{zone}».',
  notFound: 'Zona de envio não encontrada.',
  deleted: 'Zona de envio eliminada.',
  inUse: 'Esta zona tem {count} método(s) de envio. Elimine-os ou passe-os para outra zona antes de eliminar a zona.',
  unknownZone: 'Essa zona de envio não existe.',
  notServed: 'A loja não envia para {country}. Contacte-nos para combinarmos o envio.',
} as const;

export const zoneCode = z
  .string({ error: zoneMessages.code })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,29}$/, { error: zoneMessages.code });

/** POST /shipping-zone and PUT /shipping-zone/{id}. */
export const shippingZoneBody = z
  .object({
    code: zoneCode.refine((code) => !(SHIPPING_ZONES as readonly string[]).includes(code), { error: zoneMessages.codeBuiltIn }),
    name: z.string({ error: zoneMessages.name }).trim().min(1, { error: zoneMessages.name }).max(60, { error: messages.tooLong }),
    countries: z
      .array(z.string({ error: zoneMessages.countries }).max(20, { error: zoneMessages.countries }), { error: zoneMessages.countries })
      .min(1, { error: zoneMessages.countries })
      .max(Object.keys(EU_COUNTRIES).length, { error: messages.tooLong })
      .transform((list, ctx) => {
        const codes = [...new Set(list.map((c) => countryCodeOf(c) ?? c.trim()))];
        for (const code of codes) {
          const message = code === 'PT' ? zoneMessages.countryPortugal : isCountryCode(code) ? null : zoneMessages.countryUnknown.replace('{code}', code);
          if (message) ctx.addIssue({ code: 'custom', message });
        }
        return codes.sort();
      }),
  })
  .strict();
export type ShippingZoneInput = z.input<typeof shippingZoneBody>;
export type ShippingZoneValues = z.output<typeof shippingZoneBody>;

export const shippingZone = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  /** How many methods ship to it (a zone with methods cannot be deleted). */
  methods: z.number().int(),
});
export type ShippingZoneAnswer = z.infer<typeof shippingZone>;
export const shippingZoneList = z.object({ zones: z.array(shippingZone) });
export type ShippingZoneList = z.infer<typeof shippingZoneList>;

/** "Espanha (ES), França (FR)". */
export const countryList = (codes: readonly string[]) => codes.map((c) => `${countryName(c)} (${c})`).join(', ');
