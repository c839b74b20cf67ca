import { useEffect, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { type Control, useWatch } from 'react-hook-form';
import { formatEuros } from '#shared/money.ts';
import { countryName, postcodeProblem } from '#shared/countries.ts';
import { deliveryDays, homeDelivery, shippingZoneLabel, type ShippingZone, zoneOfPostalCode } from '#shared/shipping.ts';
import type { CartTotalsAnswer } from '#shared/schemas/orders.ts';
import { shippingMessages, type ShippingOffer } from '#shared/schemas/shipping.ts';
import { useShippingRules } from '../../api/shipping-offer.ts';
import type { ShippingAsk } from '../cart/api.ts';
import { rememberPostalCode } from '../cart/shipping-destination.ts';
import type { CheckoutFormInput } from './checkout-form.ts';

/**
 * The checkout's shipping choice (decisions 0046, 0055): once the postcode is complete for the address's country,
 * the totals are asked for its zone and the method picked (the server's default, the cheapest door delivery, until
 * she picks another). A choice belongs to its zone: a postcode of another zone (or another country) starts from
 * that zone's default again. A mainland postcode where the shop has one method only needs no new request: the
 * spec's totals (no postcode) are the mainland's already.
 */
export function useShippingChoice(control: Control<CheckoutFormInput>, digitalOnly: boolean) {
  const [typed = '', country = 'PT'] = useWatch({ control, name: ['postal_code', 'country'] });
  const abroad = country !== 'PT';
  const postalCode = typed.trim() && !postcodeProblem(country, typed) ? typed.trim() : null;
  // Portugal's zone comes from the postcode; another country's is the server's to say (the owner's zones).
  const zone = !postalCode ? null : abroad ? `country:${country}` : zoneOfPostalCode(postalCode);
  const [picked, setPicked] = useState<{ zone: string; id: number } | null>(null);
  // What the shop's pages already read of its methods (the cart drawer, the product page): the checkout asks for
  // nothing but the order's figures. Without it, a mainland postcode is priced as the spec's call prices it.
  const rules = useShippingRules({ askIfMissing: false });
  // The cart drawer's "Faltam … para portes grátis" then speaks of her zone (Portugal's only).
  useEffect(() => rememberPostalCode(abroad ? null : postalCode), [abroad, postalCode]);
  const home = zone === 'continente' ? homeDelivery(rules, zone) : undefined;
  const onlyHome = Boolean(home) && rules.filter((m) => m.active && m.zone === 'continente').length === 1;
  const ask: ShippingAsk | undefined =
    digitalOnly || !postalCode || !zone || onlyHome
      ? undefined
      : { postal_code: postalCode, ...(abroad ? { country } : {}), ...(picked?.zone === zone ? { shipping_method_id: picked.id } : {}) };
  /** The zone's words, the methods to show and the one chosen, for the totals on screen. */
  const offered = (totals: CartTotalsAnswer | undefined): Omit<Props, 'onPick' | 'disabled'> => {
    if (!zone) return { zone: null };
    const label = abroad ? (totals?.shipping_zone_name ?? countryName(country)) : shippingZoneLabel[zone as ShippingZone];
    // Until the answer for this country arrives, the previous one (another country's) says nothing of it.
    if (!totals || (totals.shipping_country ?? 'PT') !== country) return { zone: label };
    // Her pick shows at once, while the totals for it are being asked (the previous answer stays on screen meanwhile).
    if (!onlyHome || !home) return { zone: label, methods: totals.shipping_methods, chosen: picked?.zone === zone ? picked.id : totals.shipping_method_id, refusal: totals.shipping_error };
    const method = { id: home.id, name: home.name, price: totals.shippingCost, free: totals.shippingCost === 0, days_min: home.daysMin, days_max: home.daysMax, pickup: false, pickup_details: null };
    return { zone: label, methods: [method], chosen: home.id };
  };
  return { ask, offered, pick: (id: number) => zone && setPicked({ zone, id }) };
}

type Props = {
  /** The zone of the address typed, in words, once its postcode is complete. */
  zone: string | null;
  /** The methods of the zone with their prices for this basket (the server's), and the one that priced the totals. */
  methods?: readonly ShippingOffer[] | undefined;
  chosen?: number | null | undefined;
  /** No zone serves the address's country: the server's words. */
  refusal?: string | null | undefined;
  onPick: (id: number) => unknown;
  disabled?: boolean;
};

/** "Método de envio": the methods of her zone with their prices for this basket, before she pays. */
export function ShippingMethodFieldset({ zone, methods, chosen, refusal, onPick, disabled }: Props) {
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <fieldset disabled={disabled} aria-describedby="checkout-shipping-hint">
          <legend className="h5 mb-3">Método de envio</legend>
          <div aria-live="polite">
            {!zone ?
              <p id="checkout-shipping-hint" className="text-secondary mb-0">
                Indique o código postal para ver os métodos de envio e os preços para a sua morada.
              </p>
            : !methods ?
              <p id="checkout-shipping-hint" className="text-secondary mb-0">
                A calcular os portes para {zone}...
              </p>
            : methods.length === 0 ?
              <p id="checkout-shipping-hint" className="text-danger mb-0">
                {refusal ?? shippingMessages.noMethod}
              </p>
            : <>
                <p id="checkout-shipping-hint" className="small text-secondary mb-2">
                  Envio para {zone}.
                </p>
                {methods.map((method) => (
                  <Form.Check
                    key={method.id}
                    type="radio"
                    name="shipping_method_id"
                    id={`checkout-shipping-${method.id}`}
                    className="mb-2"
                    checked={chosen === method.id}
                    onChange={() => onPick(method.id)}
                    label={
                      <>
                        <span className="fw-semibold">{method.name}</span>
                        <span className="ms-2 text-nowrap">{method.free ? 'Grátis' : formatEuros(method.price)}</span>
                        <span className="d-block small text-secondary">
                          {method.pickup ? `Levantamento em ${method.pickup_details ?? ''}` : `Entrega em ${deliveryDays({ daysMin: method.days_min, daysMax: method.days_max })}`}
                        </span>
                      </>
                    }
                  />
                ))}
              </>
            }
          </div>
        </fieldset>
      </Card.Body>
    </Card>
  );
}
