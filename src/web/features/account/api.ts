import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Billing, changePasswordBody, EmailBody, ProfileBody, PublicUser, RegisterBody } from '#shared/schemas/account.ts';
import type { AddressBody, SavedAddress } from '#shared/schemas/addresses.ts';
import type { z } from 'zod';
import type { EraseAccountBody, ErasureAnswer } from '#shared/schemas/privacy.ts';
import { API_BASE, api } from '../../api/client.ts';
import { sessionKey } from '../../session/session.tsx';
import { singleUseQuery } from '../../api/query-keys.ts';

// The account screens' calls (storefront.md §4, §5; backoffice.md §8). Login and logout live in the session.

type Answer = { message: string };

export const useRegisterAccount = () =>
  useMutation({ mutationFn: (body: RegisterBody) => api.post<Partial<Answer> | undefined>('/auth/register', body) });

export const useResendVerification = () =>
  useMutation({ mutationFn: (email: string) => api.post<Answer>('/auth/resend-verification', { email }) });

export const useForgotPassword = () => useMutation({ mutationFn: (body: EmailBody) => api.post<Answer>('/auth/forgot-password', body) });

export const useSignInLinkRequest = () =>
  useMutation({ mutationFn: (email: string) => api.post<Answer>('/auth/sign-in-link', { email }) });

/** A mailed sign-in link opens a session (decision record 0027); the session is the user it answers. */
export const useSignInWithLink = () =>
  useMutation({
    mutationFn: (token: string) => api.post<Answer & { user: PublicUser }>('/auth/sign-in-link/use', { token }, { handleUnauthorized: false }),
  });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; newPassword: string }) => api.post<Answer>('/auth/reset-password', body) });

/** The answer is the updated user with the server's message. */
export const useUpdateProfile = () =>
  useMutation({ mutationFn: (body: ProfileBody) => api.put<PublicUser & Answer>('/user/profile', body) });

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: z.infer<typeof changePasswordBody>) => api.post<Partial<Answer> | undefined>('/user/change-password', body) });

/** A token is single-use: one query per token. */
export function useAccountVerification(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['account-verification', token],
    queryFn: async () => {
      const answer = await api.get<Answer>('/auth/verify', { query: { token } });
      // The same link confirms an e-mail change: the signed-in user's profile has changed.
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      return answer;
    },
    enabled: token !== '',
    ...singleUseQuery,
  });
}

// --- the address book (/perfil, Moradas; the checkout starts from its default) ---------------------------

export const addressesKey = ['account', 'addresses'] as const;

/** The signed-in customer's addresses, the default first; nothing is asked for a visitor. */
export const useAddresses = (signedIn: boolean) =>
  useQuery({ queryKey: addressesKey, queryFn: () => api.get<SavedAddress[]>('/user/addresses'), enabled: signedIn });

/** Each change answers the whole book, which replaces the cached one. */
function useBookChange<Input>(send: (input: Input) => Promise<SavedAddress[]>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (book) => queryClient.setQueryData(addressesKey, book) });
}

export const useSaveAddress = () =>
  useBookChange(({ id, body }: { id: number | null; body: AddressBody }) =>
    id === null ? api.post<SavedAddress[]>('/user/addresses', body) : api.put<SavedAddress[]>(`/user/addresses/${id}`, body),
  );

export const useDeleteAddress = () => useBookChange((id: number) => api.delete<SavedAddress[]>(`/user/addresses/${id}`));

/** GET /user/billing: the tax number and company of the last checkout; nothing is asked for a visitor. */
export const useBilling = (signedIn: boolean) =>
  useQuery({ queryKey: ['account', 'billing'] as const, queryFn: () => api.get<Billing>('/user/billing'), enabled: signedIn });

// --- her data (/perfil, Os meus dados; issue #28) ---------------------------------------------------------

/** Where the browser downloads her data: the JSON file, and the same as a readable page. */
export const exportLinks = { json: `${API_BASE}/user/me/export`, page: `${API_BASE}/user/me/export.html` } as const;

export const useEraseAccount = () =>
  useMutation({ mutationFn: (body: EraseAccountBody) => api.delete<ErasureAnswer>('/user/me', { body }) });

export const useErasureLink = () => useMutation({ mutationFn: () => api.post<Answer>('/user/me/erase-link') });
