// The component tests' data, in one place: each factory answers a valid record, `overrides` change what a test
// is about. The feature *-test-utils.tsx files re-export them under the names their tests use.
import type { PublicUser } from '#shared/schemas/account.ts';
import type { ShopDetails } from '#shared/schemas/contact.ts';
import type { ImageRef, MediaImage, Product, Variant } from '#shared/schemas/catalog.ts';
import type { Subscriber } from '#shared/schemas/newsletter.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import type { PaymentInfo } from '#shared/schemas/payments.ts';
import type { Service } from '#shared/schemas/services.ts';
import type { CartItem } from '../features/cart/cart-store.ts';

// The people.
export const userFactory = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 2,
  username: 'maria',
  email: 'maria@exemplo.pt',
  isAdmin: false,
  isBanned: false,
  isVerified: true,
  pendingEmail: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

// The catalogue as the shop shows it.
export const catalogImage = (id: number): ImageRef => ({
  id,
  src: `/media/p${id}-1024.webp`,
  srcset: `/media/p${id}-320.webp 320w, /media/p${id}-1024.webp 1024w`,
  thumbnail: `/media/p${id}-thumb.webp`,
  width: 1024,
  height: 768,
});

export const variantFactory = (overrides: Partial<Variant> = {}): Variant => ({
  id: 1,
  name: 'Azul',
  price: 10,
  stock: 5,
  sku: null,
  ...overrides,
});

export const productFactory = (overrides: Partial<Product> = {}): Product => ({
  id: 1,
  name: 'Caixa organizadora',
  description: 'Uma caixa para arrumar.',
  price: 12.5,
  stock: 3,
  isDigital: false,
  withdrawalExemption: null,
  order: 0,
  hasVariants: false,
  variants: [],
  images: [catalogImage(1)],
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

// The catalogue as the back office edits it (uploaded pictures, a download link).
export const uploadedImageFactory = (id: number): ImageRef => ({
  id,
  src: `/api/images/${id}/abcdefabcdef/640.webp`,
  srcset: `/api/images/${id}/abcdefabcdef/640.webp 640w`,
  thumbnail: `/api/images/${id}/abcdefabcdef/thumb.webp`,
  width: 800,
  height: 600,
});

export const adminProductFactory = (overrides: Partial<Product> = {}): Product => ({
  id: 5,
  name: 'Caixa organizadora',
  description: 'Caixa de cartão reciclado.',
  price: 12.5,
  stock: 7,
  isDigital: false,
  withdrawalExemption: null,
  order: 1,
  hasVariants: false,
  variants: [],
  images: [],
  link: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

/** A product sold in two variants (A5 at 9 €, A4 at 12 €): the admin lists and forms show the lowest price and the stock of both. */
export const variantProductFactory = (overrides: Partial<Product> = {}): Product =>
  adminProductFactory({
    id: 7,
    name: 'Agenda',
    hasVariants: true,
    price: 9,
    stock: 5,
    variants: [
      { id: 31, name: 'A5', price: 9, stock: 2, sku: null },
      { id: 32, name: 'A4', price: 12, stock: 3, sku: null },
    ],
    ...overrides,
  });

// Services.
export const serviceImage = (id: number): ImageRef => ({
  id,
  src: `/api/images/${id}/abcdefabcdef/1024.webp`,
  srcset: `/api/images/${id}/abcdefabcdef/320.webp 320w, /api/images/${id}/abcdefabcdef/1024.webp 1024w`,
  thumbnail: `/api/images/${id}/abcdefabcdef/thumb.webp`,
  width: 1024,
  height: 768,
});

export const serviceFactory = (overrides: Partial<Service> = {}): Service => ({
  id: 1,
  name: 'Consultoria em casa',
  description: 'Quatro horas em sua casa a organizar a divisão que mais a preocupa.',
  short_description: 'Uma manhã de organização lado a lado.',
  schedule_link: 'https://calendly.com/loja/consultoria',
  order: 0,
  image: serviceImage(1),
  price: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

// The cart and orders: a line in the browser's cart, the order the checkout places, an order in my orders.
export const cartItem = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: '1',
  productId: 1,
  name: 'Caixa organizadora',
  price: 12.5,
  image: '/media/p1-1024.webp',
  quantity: 1,
  isDigital: false,
  variant: null,
  ...overrides,
});

export const placedOrderFactory = (overrides: Partial<Order> = {}): Order => ({
  id: 42,
  user_id: 2,
  email: 'maria@exemplo.pt',
  order_date: '2025-03-05T10:00:00.000Z',
  status: 'pending',
  payment_method: 'multibanco',
  shipping_address: 'Maria Silva, Rua das Flores 1, Lisboa, 1000-001, Portugal',
  phone: '912345678',
  shipping_cost: 6,
  total_price_without_tax: 25.2,
  total_tax: 5.8,
  total_price_with_tax: 31,
  orderItems: [
    {
      id: 1,
      product_id: 1,
      variant_id: null,
      quantity: 2,
      price: 12.5,
      product: { id: 1, name: 'Caixa organizadora', isDigital: false, image: null },
      variant: null,
    },
  ],
  ...overrides,
});

export const orderFactory = (overrides: Partial<Order> = {}): Order => ({
  id: 12,
  user_id: 2,
  email: 'maria@exemplo.pt',
  order_date: '2025-03-05T12:00:00.000Z',
  status: 'pending',
  payment_method: 'multibanco',
  shipping_address: 'Maria Silva, Rua das Flores 10, Lisboa, 1000-100, Portugal',
  phone: '912345678',
  shipping_cost: 6,
  total_price_without_tax: 30.08,
  total_tax: 6.92,
  total_price_with_tax: 37,
  orderItems: [
    {
      id: 1,
      product_id: 5,
      variant_id: null,
      quantity: 2,
      price: 12.5,
      product: { id: 5, name: 'Caixa organizadora', isDigital: false, image: null },
      variant: null,
    },
    {
      id: 2,
      product_id: 7,
      variant_id: 31,
      quantity: 1,
      price: 6,
      product: { id: 7, name: 'Agenda', isDigital: false, image: '/api/images/3/abc/thumb.webp' },
      variant: { id: 31, name: 'A5' },
    },
  ],
  ...overrides,
});

// Payments, media and the newsletter.
export const paymentInfoFactory = (overrides: Partial<PaymentInfo> = {}): PaymentInfo => ({
  id: 1,
  method: 'multibanco',
  status: 'pending',
  amount: 31,
  entity: '12345',
  reference: '123456789',
  phone_number: null,
  expiresAt: '2025-03-07T10:00:00.000Z',
  paidAt: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  gateway: 'ifthenpay',
  ...overrides,
});

export const mediaFactory = (overrides: Partial<MediaImage> = {}): MediaImage => ({
  id: 4,
  name: 'Sobre',
  url: '/api/images/4/0123456789ab/1600.webp',
  thumbnail: '/api/images/4/0123456789ab/thumb.webp',
  srcset: '',
  width: 1600,
  height: 900,
  size: 1.5 * 1024 * 1024,
  createdAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

export const subscriberFactory = (overrides: Partial<Subscriber> = {}): Subscriber => ({
  id: 1,
  email: 'rita@exemplo.pt',
  status: 'confirmed',
  subscribed_at: '2025-03-05T10:00:00.000Z',
  created_at: '2025-03-04T09:00:00.000Z',
  ...overrides,
});

const takings = (orders: number, withTaxCents: number, refundedCents = 0) => ({
  orders,
  withTaxCents,
  withoutTaxCents: Math.round(withTaxCents / 1.23),
  receivedCents: withTaxCents,
  refundedCents,
  netCents: withTaxCents - refundedCents,
});

/** The owner's overview over `days` days ending 2026-11-25: two sales today, one the day before. */
export const overviewFactory = (overrides: Partial<Overview> = {}, days = 30): Overview => ({
  takings: {
    today: { current: takings(2, 12_300, 2460), previous: takings(1, 6150) },
    week: { current: takings(3, 18_450), previous: takings(0, 0) },
    month: { current: takings(3, 18_450), previous: takings(4, 24_600) },
  },
  days: Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10, 25) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return i === days - 1 ? { day, orders: 2, withTaxCents: 12_300 } : i === days - 2 ? { day, orders: 1, withTaxCents: 6150 } : { day, orders: 0, withTaxCents: 0 };
  }),
  byStatus: [
    { status: 'pending', count: 2 },
    { status: 'processing', count: 3 },
  ],
  awaitingPayment: { multibanco: { count: 1, cents: 1845 }, mbway: { count: 1, cents: 990 } },
  recovered: { count: 2, cents: 4590 },
  mbway: { sent: 3, accepted: 1 },
  refundsDue: { count: 1, cents: 2075 },
  invoicesWaiting: 0,
  lowStock: { threshold: 3, items: [{ productId: 7, variantId: null, name: 'Etiquetas', variantName: null, stock: 2 }] },
  ownerMail: { newOrders: false, to: 'loja@example.pt' },
  withdrawals: { periodDays: 30, waiting: 0, overdue: 0 },
  bestSellers: [{ productId: 7, name: 'Etiquetas', quantity: 6, withTaxCents: 3690 }],
  ...overrides,
});

/** The shop's public details (GET /shop), the footer's and the terms': the owner's withdrawal period among them. */
export const shopDetailsFactory = (overrides: Partial<ShopDetails> = {}): ShopDetails => ({
  legalName: 'Loja, Lda.',
  nif: '509999999',
  address: 'Rua A, 1, 1000-001 Lisboa',
  phone: '+351 910 000 000',
  email: 'ola@loja.pt',
  social: [],
  withdrawalDays: 30,
  ...overrides,
});
