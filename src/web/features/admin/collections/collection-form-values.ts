import { z } from 'zod';
import { type AdminCollection, collectionMessages, type CollectionSort, SLUG_PATTERN } from '#shared/schemas/collections.ts';
import { messages } from '#shared/messages.ts';
import type { CollectionInput } from './api.ts';

/** The collection form as the browser holds it; the products are kept beside it (an ordered list). */
export type CollectionFormValues = {
  name: string;
  slug: string;
  description: string;
  imageId: string;
  sort: CollectionSort;
  published: boolean;
  onHome: boolean;
};

/** The same rules and messages as the server's `collectionBody`, on the form's own fields. */
export const collectionFormRules = z.object({
  name: z.string().trim().min(1, { error: collectionMessages.nameRequired }).max(120, { error: messages.tooLong }),
  slug: z
    .string()
    .trim()
    .max(80, { error: collectionMessages.slugInvalid })
    .refine((v) => !v || SLUG_PATTERN.test(v), { error: collectionMessages.slugInvalid }),
  description: z.string().max(20_000, { error: messages.tooLong }),
  imageId: z.string(),
  sort: z.enum(['manual', 'price_asc', 'price_desc', 'name']),
  published: z.boolean(),
  onHome: z.boolean(),
});

export function collectionFormDefaults(collection?: AdminCollection): CollectionFormValues {
  return {
    name: collection?.name ?? '',
    slug: collection?.slug ?? '',
    description: collection?.description ?? '',
    imageId: collection?.imageId ? String(collection.imageId) : '',
    sort: collection?.sort ?? 'manual',
    published: collection?.published ?? false,
    onHome: collection?.onHome ?? false,
  };
}

/** The body of POST /collection and PUT /collection/:id; an empty slug is made from the name by the server. */
export function collectionInput(values: z.output<typeof collectionFormRules>, productIds: number[]): CollectionInput {
  return {
    name: values.name,
    ...(values.slug ? { slug: values.slug } : {}),
    description: values.description,
    image_id: values.imageId ? Number(values.imageId) : null,
    product_ids: productIds,
    sort: values.sort,
    published: values.published,
    on_home: values.onHome,
  };
}

/** The server's field names (the body) to the form's. */
export const serverFieldName = (name: string) => ({ name: 'name', slug: 'slug', description: 'description', image_id: 'imageId' })[name];
