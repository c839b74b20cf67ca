import type { SubscribeBody } from '#shared/schemas/newsletter.ts';
import { api } from '../../api/client.ts';

// storefront.md §7 and backoffice.md §7: the visitor's newsletter calls.

type Answer = { message: string };

export const subscribe = (body: SubscribeBody) => api.post<Answer>('/newsletter', body);
export const confirmSubscription = (token: string) => api.get<Answer>('/newsletter/verify', { query: { token } });
export const unsubscribe = (token: string) => api.get<Answer>('/newsletter/unsubscribe', { query: { token } });
