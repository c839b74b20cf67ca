import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The shop's one way of matching what a shopper types (decision 0017): every word must appear in the name,
 * in any order, without regard to accents or case, so 'cabides veludo' finds 'Cabides de veludo
 * antideslizantes' and 'algodao' finds 'algodão'. PostgreSQL's unaccent folds both sides (migration 0009); the
 * products' folded names are stored, with their trigram index (migration 0025). The product list and the
 * search suggestions (decision 0043) both call these, so they can never disagree.
 */

/** At most eight words: a pasted paragraph is not eight hundred LIKEs. */
export const searchWords = (q: string | undefined) => (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);

/** `%`, `_` and `\` typed by a shopper are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A name as searches compare it: lower case, accents folded. Products keep theirs stored (`products.search_name`). */
export const foldedName = (column: AnyColumn): SQL => sql`lower(f_unaccent(${column}))`;

const like = (folded: AnyColumn | SQL, pattern: string) => sql`${folded} like lower(f_unaccent(${pattern}))`;

/** One condition per word: the folded name holds it somewhere. */
export const nameHasWords = (folded: AnyColumn | SQL, words: string[]): SQL[] => words.map((word) => like(folded, `%${escapeLike(word)}%`));

/** True for names that begin with the word (a search ranks them first). */
export const nameStartsWith = (folded: AnyColumn | SQL, word: string): SQL => like(folded, `${escapeLike(word)}%`);
