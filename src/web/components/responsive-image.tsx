import type { ImageRef } from '#shared/schemas/catalog.ts';

type ResponsiveImageProps = { image: ImageRef; sizes: string; alt: string; loading?: 'eager' | 'lazy' };

/** A catalogue picture from its srcset, at the widths `sizes` gives; its width and height keep the layout still while it loads. */
export function ResponsiveImage({ image, sizes, alt, loading = 'lazy' }: ResponsiveImageProps) {
  return <img src={image.src} srcSet={image.srcset} sizes={sizes} width={image.width} height={image.height} loading={loading} decoding="async" alt={alt} />;
}
