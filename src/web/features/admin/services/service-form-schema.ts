import { z } from 'zod';
import { MAX_IMAGE_BYTES, mediaMessages } from '#shared/schemas/catalog.ts';
import { messages } from '#shared/messages.ts';
import { parseEuros } from '#shared/money.ts';
import { isWebLink, type Service, serviceMessages } from '#shared/schemas/services.ts';

// The service form as the browser holds it (every input is text) and its checks, which mirror the server's
// `serviceFields` (backoffice.md §5) with the same messages. The server checks again; its `fields` answer
// lands on the same inputs.

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
    price: service?.price === null || service?.price === undefined ? '' : service.price.toFixed(2),
  };
}

const isCount = (text: string) => /^\d{1,7}$/.test(text.trim()) && Number(text) <= 1_000_000;

/** Every rule checked in one pass, so all the invalid fields are marked together. */
export const serviceFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    short_description: z.string(),
    order: z.string(),
    schedule_link: z.string(),
    price: z.string(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const name = v.name.trim();
    if (!name) issue('name', serviceMessages.nameRequired);
    else if (name.length > 200) issue('name', messages.tooLong);
    const description = v.description.trim();
    if (!description) issue('description', serviceMessages.descriptionRequired);
    else if (description.length > 10_000) issue('description', messages.tooLong);
    if (v.short_description.trim().length > 500) issue('short_description', messages.tooLong);
    if (!isCount(v.order)) issue('order', serviceMessages.orderRequired);
    const link = v.schedule_link.trim();
    if (!link) issue('schedule_link', serviceMessages.scheduleLinkRequired);
    else if (link.length > 2000) issue('schedule_link', messages.tooLong);
    else if (!isWebLink(link)) issue('schedule_link', serviceMessages.scheduleLinkInvalid);
    if (v.price.trim() && Number.isNaN(parseEuros(v.price))) issue('price', serviceMessages.priceInvalid);
  });

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
  form.append('price', values.price.trim().replace(',', '.'));
  if (image.file) form.append('image', image.file, image.file.name);
  else if (image.removeCurrent) form.append('removeImage', 'true');
  return form;
}
