import type { ReactNode } from 'react';
import type { ImageRef } from '#shared/schemas/catalog.ts';
import { ResponsiveImage } from './responsive-image.tsx';

/** Card widths by breakpoint in the grid (`.card-grid`: 1, 2, 3, 4 columns in Bootstrap's containers). */
const CARD_SIZES = '(min-width: 1400px) 300px, (min-width: 1200px) 255px, (min-width: 992px) 288px, (min-width: 360px) 50vw, 100vw';

type CardImageProps = {
  className: string;
  image: ImageRef | null | undefined;
  alt: string;
  placeholder: ReactNode;
  /** The first card of a list: its picture is the page's largest paint on a phone. */
  priority?: boolean;
  /** Drawn over the picture (a card's second picture, shown on hover). */
  children?: ReactNode;
};

/** The picture at the top of a grid card (sized for the grid), or `placeholder` when there is none. */
export function CardImage({ className, image, alt, placeholder, priority, children }: CardImageProps) {
  return (
    <div className={`${className} card-img-top`}>
      {image ?
        <ResponsiveImage image={image} sizes={CARD_SIZES} alt={alt} priority={priority} />
      : placeholder}
      {children}
    </div>
  );
}
