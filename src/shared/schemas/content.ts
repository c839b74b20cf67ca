import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';

/** backoffice.md §2, §8: editable content blocks and their texts. */
export const contentMessages = {
  loadError: 'Erro ao carregar o conteúdo.',
  saveError: 'Erro ao atualizar o conteúdo.',
  saved: 'Conteúdo atualizado com sucesso!',
  notFound: 'Conteúdo não encontrado.',
  sectionInvalid: 'O nome da secção só pode ter letras minúsculas, algarismos e hífenes (até 60 caracteres).',
  valueRequired: 'Por favor, escreva o conteúdo.',
} as const;

/** The sections the shop's pages show. */
export const HOME_HERO = 'home-hero';

/** 'home-hero', 'sobre-2': what a page names its block by. */
export const contentSection = z
  .string({ error: contentMessages.sectionInvalid })
  .regex(/^[a-z0-9-]{1,60}$/, { error: contentMessages.sectionInvalid });

export const contentParams = z.object({ section: contentSection });

/** Up to 100 000 characters of HTML: a long page, far below what would strain the sanitiser. */
export const CONTENT_MAX_LENGTH = 100_000;

/** `PUT /content/:section`. An empty value is allowed: it empties the block (visitors then see nothing). */
export const contentBody = z.object({
  value: z.string({ error: contentMessages.valueRequired }).max(CONTENT_MAX_LENGTH, { error: messages.tooLong }),
});

/** `GET` and `PUT /content/:section` answer the block's sanitised HTML. */
export const contentBlock = z.object({ value: z.string() });
export type ContentBlock = z.infer<typeof contentBlock>;
