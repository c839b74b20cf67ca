import { z } from 'zod';
import { imageRef } from './catalog.ts';

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
} as const;

/** A service as every answer shows it (`image` is null when it has none). */
export const service = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  short_description: z.string(),
  schedule_link: z.string(),
  order: z.number().int(),
  image: imageRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof service>;

/** `GET /service`: every service, by display order then name. */
export const serviceList = z.array(service);
