import type { FastifyRequest } from 'fastify';
import { mediaMessages } from '#shared/schemas/catalog.ts';
import { messages } from '#shared/messages.ts';
import { AppError, invalid } from './errors.ts';
import { controlCharacterAt } from './validation.ts';

export type UploadedFile = { field: string; filename: string; buffer: Buffer };

/**
 * Reads a multipart form whole: its text fields and its files (each within the size limit set when
 * the plugin was registered). A file over the limit is a 400 with a pt-PT message, never a partial save.
 */
export async function readMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalid(messages.invalidInput);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw invalid(mediaMessages.tooLarge, { [part.fieldname]: mediaMessages.tooLarge });
        if (buffer.length > 0) files.push({ field: part.fieldname, filename: part.filename, buffer });
      } else if (typeof part.value === 'string') {
        const field = controlCharacterAt(part.value, part.fieldname) ?? controlCharacterAt(part.fieldname);
        if (field) throw invalid(messages.controlCharacters, { [field]: messages.controlCharacters });
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(mediaMessages.tooLarge, { image: mediaMessages.tooLarge });
    if (err instanceof AppError) throw err;
    // Anything else here is the body failing to parse (a truncated or mislabelled form): the sender's mistake.
    throw invalid(messages.invalidInput);
  }
  return { fields, files };
}
