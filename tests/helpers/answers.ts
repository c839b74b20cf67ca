import type { Product } from '#shared/schemas/catalog.ts';

/** A product as the API answers it (one image), for the functions that read answers: JSON-LD, page heads. */
export const productAnswer = (overrides: Partial<Product> = {}): Product => ({
  id: 7,
  name: 'Caixa organizadora',
  description: 'Caixa em cartão forrado.',
  price: 12.9,
  stock: 3,
  isDigital: false,
  withdrawalExemption: null,
  order: 1,
  hasVariants: false,
  variants: [],
  images: [
    {
      id: 1,
      src: '/api/images/1/abcdef012345/640.webp',
      srcset: '/api/images/1/abcdef012345/320.webp 320w, /api/images/1/abcdef012345/640.webp 640w, /api/images/1/abcdef012345/1000.webp 1000w',
      thumbnail: '/api/images/1/abcdef012345/thumb.webp',
      width: 1000,
      height: 750,
    },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
