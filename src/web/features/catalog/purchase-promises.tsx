import { purchasePromises } from '#shared/texts/promises.ts';
import BiCheckCircleIcon from '~icons/bi/check-circle';

/**
 * Beside the buttons: what happens after buying, in the checkout's words (delivery, free shipping and returns,
 * or the access link). One icon the page already has: each icon of its own would be more code to download.
 */
export function PurchasePromises({ isDigital }: { isDigital: boolean }) {
  const notes =
    isDigital ? [purchasePromises.digitalAccess] : [purchasePromises.delivery, purchasePromises.freeShipping, purchasePromises.returns];
  return (
    <ul className="list-unstyled small text-secondary mt-3 mb-0">
      {notes.map((note) => (
        <li key={note} className="d-flex gap-2 mb-1">
          <BiCheckCircleIcon className="bi flex-shrink-0 mt-1 text-success" aria-hidden="true" />
          {note}
        </li>
      ))}
    </ul>
  );
}
