import { z } from 'zod';
import { parseEuros } from '../money.ts';
import { messages } from '../messages.ts';

export const catalogMessages = {
  productNotFound: 'Produto não encontrado.',
  nameRequired: 'Por favor insira o nome do produto.',
  descriptionRequired: 'Por favor insira a descrição do produto.',
  orderRequired: 'Por favor insira a ordem.',
  priceRequired: 'Por favor insira um preço válido (por exemplo 12,50).',
  stockRequired: 'Por favor insira o stock (um número inteiro, 0 ou mais).',
  linkRequired: 'Por favor insira o link de acesso do produto digital (http:// ou https://).',
  variantsRequired: 'Adicione pelo menos uma variante.',
  variantName: 'Cada variante precisa de um nome.',
  variantPrice: 'Cada variante precisa de um preço válido.',
  variantStock: 'Cada variante precisa de stock (um número inteiro, 0 ou mais).',
  skuTaken: 'Este SKU já está a ser usado por outra variante.',
  skuRepeated: 'Os SKU das variantes têm de ser diferentes.',
  productDeleted: 'Produto eliminado.',
  productArchived: 'O produto aparece em encomendas: foi arquivado (deixa de aparecer na loja) e as encomendas mantêm-se.',
  tooManyImages: 'Cada produto pode ter no máximo 12 imagens.',
} as const;

export const mediaMessages = {
  nameRequired: 'Por favor, insira um nome para a imagem antes de fazer upload.',
  nameInvalid: 'O nome da imagem só pode ter letras, números, espaços, hífenes e sublinhados (sem extensão).',
  fileRequired: 'Escolha uma imagem para carregar.',
  notAnImage: 'O ficheiro não é uma imagem válida (aceitamos JPG, PNG, GIF, WebP e SVG).',
  tooLarge: 'A imagem excede o tamanho máximo de 10 MB.',
  svgActive: 'Este SVG contém conteúdo ativo (scripts, eventos ou ligações externas) e foi recusado.',
  svgNotAllowed: 'Imagens SVG só podem ser carregadas na biblioteca de media.',
  imageNotFound: 'Imagem não encontrada.',
  imageDeleted: 'Imagem eliminada.',
} as const;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 12;

/** An image as every answer shows it: URLs change whenever the image does. */
export const imageRef = z.object({
  id: z.number().int(),
  src: z.string(),
  srcset: z.string(),
  thumbnail: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof imageRef>;

export const variant = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  stock: z.number().int(),
  sku: z.string().nullable(),
});
export type Variant = z.infer<typeof variant>;

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Euros. With variants: the lowest variant price ('A partir de'). */
  price: z.number(),
  /** Units available: the product's own, or the sum of its variants'. */
  stock: z.number().int(),
  isDigital: z.boolean(),
  order: z.number().int(),
  hasVariants: z.boolean(),
  variants: z.array(variant),
  images: z.array(imageRef),
  /** Only in answers to admins: the access link is delivered to buyers after payment. */
  link: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const productList = z.object({ rows: z.array(product), count: z.number().int() });
export type ProductList = z.infer<typeof productList>;

const boolText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

export const productListQuery = z.object({
  sortBy: z.enum(['price', 'order', 'name']).default('price'),
  order: z.enum(['asc', 'desc']).default('asc'),
  isDigital: boolText.optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});
export type ProductListQuery = z.input<typeof productListQuery>;

const cents = (message: string) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const c = parseEuros(v);
    if (Number.isNaN(c)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return c;
  });

/** A whole number from a form field; a blank field is missing, not zero. */
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).max(1_000_000, { error: message }),
  );

export const variantInput = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string({ error: catalogMessages.variantName }).trim().min(1, { error: catalogMessages.variantName }).max(120, { error: messages.tooLong }),
  price: cents(catalogMessages.variantPrice),
  stock: wholeNumber(catalogMessages.variantStock),
  sku: z
    .string()
    .trim()
    .max(64, { error: messages.tooLong })
    .nullish()
    .transform((v) => v || null),
});
export type VariantInput = z.input<typeof variantInput>;

const jsonText = <T extends z.ZodType>(schema: T) =>
  z.union([z.string(), z.array(z.unknown())]).transform((v, ctx) => {
    let parsed: unknown = v;
    if (typeof v === 'string') {
      try {
        parsed = v.trim() ? JSON.parse(v) : [];
      } catch {
        ctx.addIssue({ code: 'custom', message: messages.invalidInput });
        return z.NEVER;
      }
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return result.data as z.output<T>;
  });

/**
 * The product form's fields as multipart text (backoffice.md §7). Price and stock are required
 * without variants; the link when digital; each variant needs name, price and stock (backoffice.md §5).
 */
export const productFields = z
  .object({
    name: z.string({ error: catalogMessages.nameRequired }).trim().min(1, { error: catalogMessages.nameRequired }).max(200, { error: messages.tooLong }),
    description: z
      .string({ error: catalogMessages.descriptionRequired })
      .trim()
      .min(1, { error: catalogMessages.descriptionRequired })
      .max(10_000, { error: messages.tooLong }),
    order: wholeNumber(catalogMessages.orderRequired),
    price: z.union([z.string(), z.number()]).optional(),
    stock: z.union([z.string(), z.number()]).optional(),
    isDigital: boolText.default(false),
    link: z.string().trim().max(2000, { error: messages.tooLong }).optional(),
    hasVariants: boolText.default(false),
    variants: jsonText(z.array(variantInput).max(100)).default([]),
    imagesToRemove: jsonText(z.array(z.coerce.number().int().positive()).max(100)).default([]),
  })
  .transform((v, ctx) => {
    const out = {
      name: v.name,
      description: v.description,
      order: v.order,
      isDigital: v.isDigital,
      hasVariants: v.hasVariants,
      link: v.isDigital ? (v.link ?? '') : null,
      priceCents: null as number | null,
      stock: null as number | null,
      variants: v.hasVariants ? v.variants : [],
      imagesToRemove: v.imagesToRemove,
    };
    if (v.isDigital && !/^https?:\/\/\S+$/i.test(out.link ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['link'], message: catalogMessages.linkRequired });
    }
    if (v.hasVariants) {
      if (out.variants.length === 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: catalogMessages.variantsRequired });
      const skus = out.variants.map((x) => x.sku).filter(Boolean);
      if (new Set(skus).size !== skus.length) ctx.addIssue({ code: 'custom', path: ['variants'], message: catalogMessages.skuRepeated });
    } else {
      const price = parseEuros(v.price);
      if (Number.isNaN(price)) ctx.addIssue({ code: 'custom', path: ['price'], message: catalogMessages.priceRequired });
      else out.priceCents = price;
      const stock = v.stock === undefined || v.stock === '' ? Number.NaN : Number(v.stock);
      if (!Number.isInteger(stock) || stock < 0 || stock > 1_000_000) {
        ctx.addIssue({ code: 'custom', path: ['stock'], message: catalogMessages.stockRequired });
      } else out.stock = stock;
    }
    return out;
  });
export type ProductFields = z.output<typeof productFields>;

export const mediaImage = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the stored original rendition. */
  size: z.number().int(),
  createdAt: z.string(),
});
export type MediaImage = z.infer<typeof mediaImage>;

/** Names are given without an extension (backoffice.md §5); they are also the lookup key ('Sobre'). */
export const mediaName = z
  .string({ error: mediaMessages.nameRequired })
  .trim()
  .min(1, { error: mediaMessages.nameRequired })
  .max(80, { error: messages.tooLong })
  .regex(/^[\p{L}\p{N} _-]+$/u, { error: mediaMessages.nameInvalid });
