// The search suggestions' texts, kept apart from the zod schemas: the header shows them on every page and
// must not load the validation library for it.

/** A suggestion is asked for from this many characters typed (issue #30). */
export const SUGGEST_MIN_CHARS = 2;
/** Products suggested at most. */
export const SUGGEST_PRODUCTS = 6;
/** Collections suggested at most. */
export const SUGGEST_COLLECTIONS = 3;
/** Services suggested at most (the shop has a handful). */
export const SUGGEST_SERVICES = 3;

export const searchMessages = {
  tooShort: `Escreva pelo menos ${SUGGEST_MIN_CHARS} caracteres para pesquisar.`,
  tooLong: 'A pesquisa pode ter no máximo 100 caracteres.',
  label: 'Pesquisar na loja',
  placeholder: 'Pesquisar produtos...',
  none: 'Sem sugestões. Carregue em Enter para ver todos os resultados.',
  failed: 'Não foi possível obter sugestões. Carregue em Enter para pesquisar.',
} as const;

/** What the live region says when suggestions arrive. */
export const suggestionsAnnounced = (count: number) =>
  count === 0 ? searchMessages.none : `${count === 1 ? '1 sugestão' : `${count} sugestões`}. Use as setas para escolher.`;
