import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactBody, ShopDetails } from '#shared/schemas/contact.ts';
import { api } from '../../api/client.ts';

/** backoffice.md §7 `POST /contact`: the server stores the message, mails it to the shop and answers its message. */
export const sendContact = (body: ContactBody) => api.post<{ message: string }>('/contact', body);

/** The shop's public and legal details (contact and terms pages), from the server's configuration. */
export const shopDetailsQuery = queryOptions({
  queryKey: ['shop', 'details'] as const,
  queryFn: ({ signal }) => api.get<ShopDetails>('/shop', { signal }),
  staleTime: 60 * 60_000,
});

/** The owner's withdrawal period in days (issue #28), once the shop's details are known: every promise of it reads here. */
export const useWithdrawalDays = () => useQuery(shopDetailsQuery).data?.withdrawalDays;

/** `tel:` wants the digits (and a leading +) only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
