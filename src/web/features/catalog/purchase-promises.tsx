import { deliveryPromises, purchasePromises } from '#shared/texts/promises.ts';
import { type ExemptionReason, exemptionLabel, NO_WITHDRAWAL } from '#shared/withdrawal.ts';
import { useShippingRules } from '../../api/shipping-offer.ts';
import { useWithdrawalDays } from '../contact/api.ts';
import BiCheckCircleIcon from '~icons/bi/check-circle';
import BiInfoCircleIcon from '~icons/bi/info-circle';

/**
 * Beside the buttons: what happens after buying, in the checkout's words (delivery, free shipping and returns,
 * or the access link). One icon the page already has: each icon of its own would be more code to download.
 */
export function PurchasePromises({ isDigital, exemption }: { isDigital: boolean; exemption: ExemptionReason | null }) {
  const days = useWithdrawalDays();
  const methods = useShippingRules();
  // A product without the right of withdrawal promises no returns: it says why instead (DL 24/2014, art. 17.º).
  const returns = exemption || !days ? [] : [purchasePromises.returns(days)];
  const notes = isDigital ? [purchasePromises.digitalAccess] : [...deliveryPromises(methods), ...returns];
  return (
    <ul className="list-unstyled small text-secondary mt-3 mb-0">
      {notes.map((note) => (
        <li key={note} className="d-flex gap-2 mb-1">
          <BiCheckCircleIcon className="bi flex-shrink-0 mt-1 text-success" aria-hidden="true" />
          {note}
        </li>
      ))}
      {exemption && (
        <li className="d-flex gap-2 mb-1 text-body">
          <BiInfoCircleIcon className="bi flex-shrink-0 mt-1" aria-hidden="true" />
          <span>
            <strong>{NO_WITHDRAWAL}</strong>: {exemptionLabel[exemption].toLowerCase()} (Decreto-Lei n.º 24/2014, art. 17.º).
          </span>
        </li>
      )}
    </ul>
  );
}
