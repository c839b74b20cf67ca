import type { ImageRef } from '#shared/schemas/catalog.ts';

type ResponsiveImageProps = {
  image: ImageRef;
  sizes: string;
  alt: string;
  /** The page's main picture (its largest paint): fetched first, preloaded from the server-rendered head. */
  priority?: boolean;
};

/**
 * A catalogue picture from its srcset, at the widths `sizes` gives; its width and height keep the layout still
 * while it loads. Lazy, but for the page's main picture, which React's server render also preloads in the head.
 */
export function ResponsiveImage({ image, sizes, alt, priority = false }: ResponsiveImageProps) {
  return (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
    />
  );
}
