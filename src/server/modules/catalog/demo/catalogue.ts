import { z } from 'zod';
import { COLLECTION_SORTS } from '#shared/schemas/collections.ts';
import { UNITS } from '#shared/unit-price.ts';
import { MOTIFS, palettes } from './artwork.ts';
import data from './catalogue.json' with { type: 'json' };

/*
 * The demo shop: a personal-organisation specialist's range, in the order the shop shows it, and her collections.
 * The content is data (catalogue.json), checked here when it is read; each product then goes through the admin
 * form's own rules (`productFields`) when it is seeded.
 */

const demoVariant = z.object({ name: z.string(), price: z.string(), stock: z.number().int(), sku: z.string() });

const demoProduct = z.object({
  name: z.string(),
  description: z.string(),
  price: z.string().optional(),
  stock: z.number().int().optional(),
  variants: z.array(demoVariant).optional(),
  isDigital: z.boolean().optional(),
  link: z.url().optional(),
  /** How many of a unit one item holds, for the price per unit of measure (decision 0047): a pack of 60 is 60 'unidade'. */
  unitQuantity: z.string().optional(),
  unit: z.enum(UNITS).optional(),
  /** One item's weight in grams, for shipping by weight. */
  weightGrams: z.number().int().optional(),
  motif: z.enum(MOTIFS),
  palette: z.enum(Object.keys(palettes) as [keyof typeof palettes]).transform((name) => palettes[name]),
  /** Captions of the extra pictures (view 1); 'pattern' adds the motif pattern (view 2). */
  extra: z.array(z.string()).optional(),
});

/** A demo product as the admin form would send it (parsed by the same `productFields`), plus its pictures. */
export type DemoProduct = z.output<typeof demoProduct>;

const demoCollection = z.object({ name: z.string(), description: z.string(), sort: z.enum(COLLECTION_SORTS), products: z.array(z.string()) });

const demo = z.object({ products: z.array(demoProduct), collections: z.array(demoCollection) }).parse(data);

export const demoCatalogue: DemoProduct[] = demo.products;

/** The demo shop's collections: published groups of its products (by name), as the owner's Coleções tab makes them. */
export const demoCollections = demo.collections;
