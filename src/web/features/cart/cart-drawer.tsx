import './cart-drawer.css';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { formatCents, toCents } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { ADDED_TO_CART } from '../catalog/catalog-ui.tsx';
import { type CartAdded, cartCount, useCart } from './cart-store.ts';
import { LineRegularPrice } from './cart-ui.tsx';
import { homeDelivery, shippingZoneLabel } from '#shared/shipping.ts';
import { useShippingRules } from '../../api/shipping-offer.ts';
import { freeShippingMessage, freeShippingProgress } from './free-shipping.ts';
import { useShippingZone } from './shipping-destination.ts';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';
import BiImageIcon from '~icons/bi/image';
import BiTruckIcon from '~icons/bi/truck';

type Props = {
  /** The add it shows (`serial` tells two adds of the same line apart, so each opens the drawer). */
  added: CartAdded & { serial: number };
  open: boolean;
  /** The customer closed it (Escape, the close button, the backdrop, 'Continuar a comprar', a link). */
  onClose: () => void;
};

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * An add made from another dialog (a card's variant picker) opens the drawer once that dialog has closed
 * and given the focus back to its button: that button is then where the focus returns to.
 */
async function otherDialogsClosed() {
  for (let frame = 0; frame < 90 && document.querySelector('.modal'); frame++) await nextFrame();
  await nextFrame();
}

const units = (count: number) => (count === 1 ? '1 artigo' : `${count} artigos`);

/**
 * The cart drawer (issue #15): opened by any add, it shows the line just added, the cart's subtotal and how
 * far free delivery is, with the ways on to the cart and the checkout. A native modal <dialog>: the page
 * behind is inert (the keyboard and screen readers stay in the drawer), Escape closes it, and the focus goes
 * back to the button that opened it.
 */
export function CartDrawer({ added, open, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const items = useCart();
  const line = items.find((item) => item.id === added.id);

  const subtotalCents = items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
  // ARCHITECTURE.md: an order of digital items only ships nothing, so free delivery is not a goal then.
  const ships = items.some((item) => !item.isDigital);
  // Her zone's home delivery once she gave a postcode at the checkout, the mainland's until then (decision 0046).
  const zone = useShippingZone();
  const home = homeDelivery(useShippingRules(), zone);
  const freeFrom = home?.freeAboveCents ?? null;
  const progress = freeFrom === null ? null : freeShippingProgress(subtotalCents, { feeCents: home?.priceCents ?? 0, freeFromCents: freeFrom });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) {
      if (element.open) element.close();
      return;
    }
    let cancelled = false;
    void otherDialogsClosed().then(() => {
      if (cancelled || element.open || !element.isConnected) return;
      // A dialog gives the focus back on its own time, so an add made in one names its way back itself.
      const focused = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      opener.current = added.returnFocusTo ?? focused;
      element.showModal();
    });
    return () => {
      cancelled = true;
    };
  }, [open, added.serial, added.returnFocusTo]);

  // However it closes (Escape, the close button, a click on the backdrop), the host hears it once and the focus
  // goes back where it was.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onDialogClose = () => {
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
      onClose();
    };
    element.addEventListener('close', onDialogClose);
    return () => element.removeEventListener('close', onDialogClose);
  }, [onClose]);

  const close = () => dialog.current?.close();
  // Only the backdrop is the dialog itself: its content fills it.
  const onClick = (event: React.MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  // A modal dialog makes the page inert, but Tab past its last control would leave for the browser's own bar:
  // the drawer's controls wrap round instead (issue #15: the focus is trapped while it is open).
  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(':is(a[href], button):not(:disabled)')];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    const at = controls.indexOf(document.activeElement as HTMLElement);
    if (event.shiftKey && at <= 0) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (at === -1 || at === controls.length - 1)) {
      event.preventDefault();
      first.focus();
    }
  };

  // Outside #root, which is not painted while the drawer is open (cart-drawer.css).
  return createPortal(
    // The dialog takes Escape natively; a click on the backdrop is a pointer's shortcut for the close button.
    <dialog ref={dialog} className="cart-drawer" aria-labelledby={titleId} onClick={onClick} onKeyDown={onKeyDown}>
      <div className="cart-drawer-content">
        <div className="cart-drawer-header">
          <h2 id={titleId} className="h5 mb-0">
            <BiCheckCircleFillIcon className="bi me-2 text-success" aria-hidden="true" />
            {ADDED_TO_CART}
          </h2>
          <button type="button" className="btn-close" aria-label="Fechar" onClick={close} />
        </div>
        <div className="cart-drawer-body">
          {line && (
            <div className="cart-drawer-line">
              {/* Decorative: the name is beside it. */}
              {line.image ?
                <img src={line.image} alt="" width={72} height={72} className="cart-drawer-thumb" decoding="async" />
              : <div className="cart-drawer-thumb" aria-hidden="true">
                  <BiImageIcon className="bi" />
                </div>
              }
              <div className="cart-drawer-line-text">
                <p className="cart-drawer-name fw-semibold mb-1">{line.name}</p>
                {line.variant && <p className="small text-secondary mb-1">{`Variante: ${line.variant.name}`}</p>}
                {!line.isDigital && <p className="small text-secondary mb-0">{`Quantidade: ${added.quantity}`}</p>}
              </div>
              <p className="fw-semibold text-nowrap mb-0 text-end">
                {formatCents(toCents(line.price) * added.quantity)}
                {/* On sale: the price before it, struck through (decision 0048), as the cart and the checkout show it. */}
                {added.regularPrice !== undefined && (
                  <LineRegularPrice regular={(toCents(added.regularPrice) * added.quantity) / 100} className="d-block small" />
                )}
              </p>
            </div>
          )}
          <dl className="d-flex justify-content-between gap-3 mb-0">
            <dt className="fw-normal">{`Subtotal (${units(cartCount(items))})`}</dt>
            <dd className="fw-semibold mb-0">{formatCents(subtotalCents)}</dd>
          </dl>
          {ships && !progress && home && (
            <p className="small mb-0 cart-drawer-shipping">
              <BiTruckIcon className="bi me-2" aria-hidden="true" />
              {`Envio para ${shippingZoneLabel[zone]}: os portes são calculados no checkout.`}
            </p>
          )}
          {ships && progress && (
            <div className="cart-drawer-shipping">
              <p className="small mb-2">
                <BiTruckIcon className="bi me-2" aria-hidden="true" />
                {freeShippingMessage(progress)}
              </p>
              {/* The sentence above says it in words; the bar is the same figure for the eye. */}
              <div className="cart-drawer-progress" aria-hidden="true">
                <div className="cart-drawer-progress-bar" style={{ width: `${Math.round(progress.share * 100)}%` }} />
              </div>
            </div>
          )}
        </div>
        <div className="cart-drawer-footer">
          <Link to={paths.checkout} className="btn btn-primary" onClick={close}>
            Finalizar compra
          </Link>
          <Link to={paths.cart} className="btn btn-outline-primary" onClick={close}>
            Ver carrinho
          </Link>
          <button type="button" className="btn btn-link" onClick={close}>
            Continuar a comprar
          </button>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}
