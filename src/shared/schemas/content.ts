import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { contentMessages } from '../texts/content.ts';
export { contentMessages, HOME_HERO } from '../texts/content.ts';

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
