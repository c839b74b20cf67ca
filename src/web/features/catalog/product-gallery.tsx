import { lazy, Suspense, useRef, useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import type { Product } from '#shared/schemas/catalog.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { useHydrated } from '../../components/use-hydrated.ts';
import { ImagePlaceholder } from './catalog-ui.tsx';

/** The gallery is 4:3 (docs/decisions/0024) and at most 400 px high, so at most 533 px wide; a phone's full width below 768 px. */
const GALLERY_SIZES = '(min-width: 1200px) 533px, (min-width: 992px) 456px, (min-width: 768px) 336px, 100vw';
/** Thumbnails are 80×60 in the same ratio: the 320 px rendition covers them on any screen. */
const THUMB_SIZES = '80px';

// The lightbox is code only a click needs: fetched when the customer points at or focuses a picture.
const loadLightbox = () => import('./product-lightbox.tsx');
const ProductLightbox = lazy(async () => ({ default: (await loadLightbox()).ProductLightbox }));
const prefetchLightbox = () => void loadLightbox();

/** The product page's images: a carousel whose picture opens the lightbox and, with several images, thumbnails that pick one. */
export function ProductGallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  const hydrated = useHydrated();
  const { images, name } = product;
  const total = images.length;
  if (total === 0) {
    return (
      <div className="product-gallery">
        <ImagePlaceholder />
      </div>
    );
  }
  const current = Math.min(index, total - 1);
  const several = total > 1;
  const label = (i: number) => `Mostrar imagem ${i + 1} de ${total}`;
  // The carousel follows the lightbox, and focus goes back to the picture the lightbox was left on.
  const closeLightbox = (last: number) => {
    setZoomed(null);
    setIndex(last);
    requestAnimationFrame(() => openers.current[last]?.focus());
  };
  return (
    <>
      <Carousel
        className="product-gallery"
        activeIndex={current}
        onSelect={(next) => setIndex(next)}
        interval={null}
        controls={several}
        indicators={several}
        indicatorLabels={images.map((_, i) => label(i))}
        prevLabel="Imagem anterior"
        nextLabel="Imagem seguinte"
        variant="dark"
        wrap={several}
      >
        {images.map((image, i) => (
          <Carousel.Item key={image.id}>
            <button
              type="button"
              className="product-zoom"
              ref={(element) => {
                openers.current[i] = element;
              }}
              aria-label={`Ampliar imagem ${i + 1} de ${total}`}
              aria-haspopup="dialog"
              disabled={!hydrated}
              onClick={() => setZoomed(i)}
              onPointerEnter={prefetchLightbox}
              onFocus={prefetchLightbox}
            >
              <ResponsiveImage image={image} sizes={GALLERY_SIZES} priority={i === 0} alt={`${name} - imagem ${i + 1} de ${total}`} />
            </button>
          </Carousel.Item>
        ))}
      </Carousel>
      {several && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label="Miniaturas">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                className="product-thumb"
                aria-label={label(i)}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img src={image.src} srcSet={image.srcset} sizes={THUMB_SIZES} alt="" width={80} height={60} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed !== null && (
        <Suspense fallback={null}>
          <ProductLightbox product={product} start={zoomed} onClose={closeLightbox} />
        </Suspense>
      )}
    </>
  );
}
