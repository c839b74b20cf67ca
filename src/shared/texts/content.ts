// The content texts and limits pages show, kept apart from the zod schemas: a page that only shows
// them does not load the validation library.

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
