import { useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import type { Product } from '#shared/schemas/catalog.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { ImagePlaceholder } from './catalog-ui.tsx';

const GALLERY_SIZES = '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 992px) 456px, (min-width: 768px) 336px, 100vw';

/** The product page's images: a carousel and, with several images, thumbnails that pick one. */
export function ProductGallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
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
            <ResponsiveImage image={image} sizes={GALLERY_SIZES} priority={i === 0} alt={`${name} - imagem ${i + 1} de ${total}`} />
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
                <img src={image.thumbnail} alt="" width={60} height={60} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
