import './product-lightbox.css';
import { type PointerEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Product } from '#shared/schemas/catalog.ts';
import BiChevronLeftIcon from '~icons/bi/chevron-left';
import BiChevronRightIcon from '~icons/bi/chevron-right';
import BiXLgIcon from '~icons/bi/x-lg';
import BiZoomInIcon from '~icons/bi/zoom-in';
import BiZoomOutIcon from '~icons/bi/zoom-out';

type Props = {
  product: Product;
  /** The picture it opens on. */
  start: number;
  /** Called once the dialog has closed, with the picture it was on. */
  onClose: (index: number) => void;
};

const ZOOM = 2;
/** A pointer that moves further than this between press and release dragged the picture: it was not a click. */
const DRAG_SLOP = 5;

/**
 * Tab from the last control goes to the first and Shift+Tab from the first to the last: the Modal only pulls focus
 * back once it has left, and after the last control it would leave the page for the browser's own controls.
 */
function keepFocusInside(event: globalThis.KeyboardEvent, dialog: Element | null | undefined) {
  if (!dialog) return;
  const controls = Array.from(dialog.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]'));
  const first = controls[0];
  const last = controls.at(-1);
  const active = document.activeElement;
  const outside = !dialog.contains(active);
  if (event.shiftKey && (active === first || active === dialog || outside)) last?.focus();
  else if (!event.shiftKey && (active === last || outside)) first?.focus();
  else return;
  event.preventDefault();
}

/**
 * The product's pictures full screen (issue #15): previous and next by buttons and arrow keys, a 2× zoom by its
 * button or a click on the picture, panned by scrolling or dragging. react-bootstrap's Modal keeps focus inside
 * and closes on Escape; the gallery puts focus back on the picture the customer ends on.
 */
export function ProductLightbox({ product, start, onClose }: Props) {
  const { images, name } = product;
  const total = images.length;
  const [show, setShow] = useState(true);
  const [index, setIndex] = useState(Math.min(start, total - 1));
  // Zoomed in: the picture's size on screen, twice the size that fits the stage.
  const [zoom, setZoom] = useState<{ width: number; height: number } | null>(null);
  const zoomed = zoom !== null;
  const stage = useRef<HTMLDivElement>(null);
  // Where a press on the picture began (and how the stage was scrolled), to pan by dragging.
  const press = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  // The point under the pointer when it zoomed in, as a fraction of the picture, to keep it under the pointer.
  const focusPoint = useRef({ x: 0.5, y: 0.5 });
  const titleId = useId();
  const image = images[index];

  const go = (delta: number) => {
    setIndex((i) => (i + delta + total) % total);
    setZoom(null);
  };
  const toggleZoom = (point = { x: 0.5, y: 0.5 }) => {
    const element = stage.current;
    if (zoomed || !element || !image) {
      setZoom(null);
      return;
    }
    focusPoint.current = point;
    const fit = Math.min(element.clientWidth / image.width, element.clientHeight / image.height);
    setZoom({ width: Math.round(image.width * fit * ZOOM), height: Math.round(image.height * fit * ZOOM) });
  };

  // Zoomed in, the stage scrolls so the chosen point stays where it was (the middle, from the button).
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element || !zoom) return;
    const { x, y } = focusPoint.current;
    element.scrollLeft = x * element.scrollWidth - element.clientWidth / 2;
    element.scrollTop = y * element.scrollHeight - element.clientHeight / 2;
  }, [zoom]);

  // The arrow keys anywhere in the dialog (the Modal's focus can be on the dialog itself, so on the document).
  useEffect(() => {
    const step = (delta: number) => {
      setIndex((i) => (i + delta + total) % total);
      setZoom(null);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Tab') return keepFocusInside(event, stage.current?.closest('.modal'));
      // In the zoomed picture the arrow keys pan it (the browser scrolls the focused stage).
      if (event.target === stage.current && stage.current?.classList.contains('is-zoomed')) return;
      if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'ArrowRight') step(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [total]);

  const onPointerDown = (event: PointerEvent<HTMLImageElement>) => {
    const element = stage.current;
    if (!element || event.button !== 0) return;
    press.current = { x: event.clientX, y: event.clientY, left: element.scrollLeft, top: element.scrollTop, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLImageElement>) => {
    const start = press.current;
    const element = stage.current;
    if (!start || !element) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) + Math.abs(dy) > DRAG_SLOP) start.moved = true;
    if (zoomed && start.moved) {
      element.scrollLeft = start.left - dx;
      element.scrollTop = start.top - dy;
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLImageElement>) => {
    const start = press.current;
    press.current = null;
    if (!start || start.moved) return;
    const box = event.currentTarget.getBoundingClientRect();
    toggleZoom({ x: (event.clientX - box.left) / (box.width || 1), y: (event.clientY - box.top) / (box.height || 1) });
  };

  if (!image) return null;
  return (
    <Modal
      show={show}
      onHide={() => setShow(false)}
      onExited={() => onClose(index)}
      fullscreen
      restoreFocus={false}
      aria-labelledby={titleId}
      className="product-lightbox"
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h6 mb-0 text-truncate" style={{ minWidth: 0 }}>
          {`${name}: imagem ${index + 1} de ${total}`}
        </Modal.Title>
        <div className="d-flex flex-shrink-0 gap-2 ms-auto">
          <Button variant="outline-light" className="text-nowrap" onClick={() => toggleZoom()}>
            {zoomed ?
              <BiZoomOutIcon className="bi me-2" aria-hidden="true" />
            : <BiZoomInIcon className="bi me-2" aria-hidden="true" />}
            {zoomed ? 'Reduzir' : 'Ampliar'}
          </Button>
          <Button variant="outline-light" onClick={() => setShow(false)} aria-label="Fechar">
            <BiXLgIcon className="bi" aria-hidden="true" />
          </Button>
        </div>
      </Modal.Header>
      <Modal.Body className="p-0 position-relative">
        <div
          ref={stage}
          className={`product-lightbox-stage${zoomed ? ' is-zoomed' : ''}`}
          // Zoomed, the picture is larger than the screen: the stage scrolls, so the keyboard can reach it too.
          tabIndex={zoomed ? 0 : undefined}
          role={zoomed ? 'group' : undefined}
          aria-label={zoomed ? 'Imagem ampliada: use as setas ou arraste para a percorrer' : undefined}
        >
          <img
            key={image.id}
            src={image.src}
            srcSet={image.srcset}
            sizes={zoom ? `${zoom.width}px` : '100vw'}
            style={zoom ?? undefined}
            width={image.width}
            height={image.height}
            alt={`${name} - imagem ${index + 1} de ${total}`}
            draggable={false}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (press.current = null)}
          />
        </div>
        {total > 1 && (
          <>
            <Button variant="light" className="product-lightbox-nav start-0" onClick={() => go(-1)} aria-label="Imagem anterior">
              <BiChevronLeftIcon className="bi" aria-hidden="true" />
            </Button>
            <Button variant="light" className="product-lightbox-nav end-0" onClick={() => go(1)} aria-label="Imagem seguinte">
              <BiChevronRightIcon className="bi" aria-hidden="true" />
            </Button>
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
