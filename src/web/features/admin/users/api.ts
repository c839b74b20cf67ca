import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, PublicUser, UpdateUserBody } from '#shared/schemas/account.ts';
import type { ErasureAnswer, PersonalData } from '#shared/schemas/privacy.ts';
import { api, ApiError } from '../../../api/client.ts';

// Admin users API (backoffice.md §7): GET/POST /user, GET/PUT/DELETE /user/:id. The server checks isAdmin.

/** Every admin user query starts with this key, so invalidating it refreshes the list and the details. */
export const usersQueryKey = ['admin', 'users'] as const;
export const userQueryKey = (id: number) => [...usersQueryKey, id] as const;

export const getUsers = (signal?: AbortSignal) => api.get<PublicUser[]>('/user', { signal });
export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });

export const getUser = (id: number, signal?: AbortSignal) => api.get<PublicUser>(`/user/${id}`, { signal });
export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export const createUser = (body: CreateUserBody) => api.post<PublicUser>('/user', body);
export const updateUser = (id: number, body: UpdateUserBody) => api.put<PublicUser>(`/user/${id}`, body);
export const deleteUser = (id: number) => api.delete<{ message: string }>(`/user/${id}`);

/** Creates (no id) or updates (id) a user; the list is stale afterwards either way. */
export function useSaveUser(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody | UpdateUserBody) =>
      id === undefined ? createUser(body as CreateUserBody) : updateUser(id, body),
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey(user.id), user);
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: userQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
    // Someone else deleted it first: the list is out of date, refresh it under the message.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}

// The owner's "Pedido RGPD" (issue #28): everything held for an e-mail address, exported or anonymised (audited).
export const useDataRequestExport = () => useMutation({ mutationFn: (email: string) => api.post<PersonalData>('/user/data-request/export', { email }) });

export const useDataRequestErase = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<ErasureAnswer>('/user/data-request/erase', { email }),
    // An account may have gone with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
};
