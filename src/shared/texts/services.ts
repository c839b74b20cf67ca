// The services texts and limits pages show, kept apart from the zod schemas: a page that only shows
// them does not load the validation library.

import { catalogMessages } from './catalog.ts';

/** backoffice.md §3, §5, §8: a bookable service and the texts about it. */
export const serviceMessages = {
  nameRequired: 'Por favor, insira um nome para o serviço.',
  descriptionRequired: 'Por favor, insira uma descrição para o serviço.',
  orderRequired: 'Por favor insira a ordem.',
  scheduleLinkRequired: 'Por favor, insira um link para o calendário.',
  confirmDelete: 'Tem certeza que deseja excluir este serviço?',
  notFound: 'Serviço não encontrado',
  loadError: 'Erro ao carregar o serviço. Por favor, tente novamente.',
  saveError: 'Erro ao salvar o serviço. Por favor, tente novamente.',
  deleteError: 'Erro ao excluir o serviço',
  listError: 'Erro ao carregar serviços. Por favor tente novamente mais tarde.',
  detailError: 'Erro ao carregar detalhes do serviço. Por favor tente novamente mais tarde.',
  empty: 'Nenhum serviço encontrado. Tente ajustar os filtros de pesquisa.',
  adminListError: 'Erro ao carregar serviços.',
  adminDeleteError: 'Erro ao eliminar serviço.',
  scheduleLinkInvalid: 'O link para o calendário tem de começar por http:// ou https://.',
  priceInvalid: catalogMessages.priceRequired,
  deleted: 'Serviço eliminado.',
} as const;

/** backoffice.md §9: the service card cuts the short description at 80 characters. */
export const SERVICE_CARD_TEXT_LENGTH = 80;
