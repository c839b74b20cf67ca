import { type ShippingRules, SHIPPING_ZONES, deliveryDays, priceWords, shippingZoneLabel } from '#shared/shipping.ts';
import { countryList } from '#shared/schemas/zones.ts';
import { useShippingRules, useShippingZonesAbroad } from '../../api/shipping-offer.ts';

/** One method in the terms' words: its name, its price and its delivery time (or where and when to pick it up). */
function MethodTerms({ method }: { method: ShippingRules }) {
  if (method.kind === 'pickup') {
    return (
      <>
        {method.name}: <strong>grátis</strong>, em {method.pickupAddress} ({method.pickupHours}); avisamos quando a encomenda estiver pronta a
        levantar.
      </>
    );
  }
  return (
    <>
      {method.name}: <strong>{priceWords(method)}</strong>. Entrega em {deliveryDays(method)} depois de enviada.
    </>
  );
}

/**
 * The terms' shipping prices and times, per zone, from the shop's own methods (decision 0046): what the checkout
 * charges is what the terms say.
 */
export function ShippingTerms() {
  const methods = useShippingRules();
  // Beyond Portugal, the owner's zones that have a method (decision 0055), named with their countries.
  const abroad = useShippingZonesAbroad().filter((z) => methods.some((m) => m.active && m.zone === z.code));
  const zones = [...SHIPPING_ZONES.map((zone) => ({ code: zone as string, label: shippingZoneLabel[zone] })), ...abroad.map((z) => ({ code: z.code, label: `${z.name} (${countryList(z.countries)})` }))];
  return (
    <>
      {zones.map(({ code: zone, label }) => {
        const offered = methods.filter((m) => m.active && m.zone === zone);
        return (
          <li key={zone}>
            {label}:{' '}
            {offered.length === 0 ?
              'sem envios de momento; contacte-nos para combinarmos a entrega.'
            : offered.map((method, index) => (
                <span key={method.id}>
                  {index > 0 && ' '}
                  <MethodTerms method={method} />
                </span>
              ))
            }
          </li>
        );
      })}
      <li>A zona de envio é a do código postal da morada (Madeira e Porto Santo: 9000 a 9499; Açores: 9500 a 9999){abroad.length > 0 && '; fora de Portugal, é a do país da morada'}. Encomendas só com produtos digitais não pagam portes.</li>
    </>
  );
}
