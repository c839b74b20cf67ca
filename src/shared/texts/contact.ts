// The contact texts and limits pages show, kept apart from the zod schemas: a page that only shows
// them does not load the validation library.

/** backoffice.md §2, §4, §5, §8: the contact form and the admin's Mensagens tab. */
export const contactMessages = {
  sent: 'Mensagem enviada com sucesso!',
  sendError: 'Ocorreu um erro ao enviar a tua mensagem. Por favor tenta novamente.',
  nameRequired: 'Por favor insere o teu nome.',
  subjectRequired: 'Por favor insere o assunto.',
  messageRequired: 'Por favor escreve a tua mensagem.',
  loadError: 'Erro ao carregar mensagens.',
  markReadError: 'Erro ao marcar a mensagem como lida.',
  notFound: 'Mensagem não encontrada.',
  shopLoadError: 'Erro ao carregar os dados da loja.',
} as const;

/** backoffice.md §2: the contact page's opening hours. */
export const OPENING_HOURS = 'Segunda a Sexta, 9h às 18h';

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, message: 5000 } as const;
