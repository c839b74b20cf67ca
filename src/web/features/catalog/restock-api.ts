import { api } from '../../api/client.ts';

// "Avise-me quando voltar" (issue #30): the customer's calls, and the links she gets by mail.

type Answer = { message: string };

export const askRestockAlert = (productId: number, body: { email: string; variant_id?: number }) =>
  api.post<Answer>(`/product/${productId}/restock-alert`, body);
export const confirmRestockAlert = (token: string) => api.get<Answer>('/restock-alert/confirm', { query: { token } });
export const stopRestockAlert = (token: string) => api.get<Answer>('/restock-alert/stop', { query: { token } });
