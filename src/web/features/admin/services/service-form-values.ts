import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { eurosForApi } from '#shared/money.ts';
import { MAX_IMAGE_BYTES, mediaMessages } from '#shared/schemas/catalog.ts';
import { type Service, serviceFields } from '#shared/schemas/services.ts';

// The service form as the browser holds it (every input is text), checked with the shared `serviceFields`
// (backoffice.md §5); the server checks again and its `fields` land on the same inputs.

export type ServiceFormValues = {
  name: string;
  description: string;
  short_description: string;
  order: string;
  schedule_link: string;
  price: string;
};

export function serviceFormDefaults(service?: Service): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    short_description: service?.short_description ?? '',
    // backoffice.md §9: the order defaults to 0.
    order: String(service?.order ?? 0),
    schedule_link: service?.schedule_link ?? '',
    price: service?.price === null || service?.price === undefined ? '' : service.price.toFixed(2).replace('.', ','),
  };
}

/** The server's own `serviceFields` rules and messages; the form keeps its text values (`raw`). */
export const serviceFormResolver = zodResolver(serviceFields, undefined, { raw: true }) as unknown as Resolver<ServiceFormValues>;

export const imageTypeMessage = 'Escolha um ficheiro de imagem (JPG, PNG, GIF ou WebP).';

/** Why a chosen file cannot be the service's image, or null when it can (the server checks the content again). */
export function serviceImageProblem(file: File): string | null {
  if (file.type === 'image/svg+xml') return mediaMessages.svgNotAllowed;
  if (!file.type.startsWith('image/')) return imageTypeMessage;
  if (file.size > MAX_IMAGE_BYTES) return mediaMessages.tooLarge;
  return null;
}

/**
 * The multipart body of POST /service and PUT /service/:id (backoffice.md §7): the text fields, the new
 * image when one was chosen, and removeImage when the current one goes without a replacement.
 */
export function serviceFormData(values: ServiceFormValues, image: { file: File | null; removeCurrent: boolean }): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  form.append('short_description', values.short_description.trim());
  form.append('order', String(Number(values.order.trim())));
  form.append('schedule_link', values.schedule_link.trim());
  form.append('price', eurosForApi(values.price));
  if (image.file) form.append('image', image.file, image.file.name);
  else if (image.removeCurrent) form.append('removeImage', 'true');
  return form;
}
