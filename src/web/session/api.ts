import type { LoginBody, PublicUser } from '#shared/schemas/account.ts';
import { hasSignedInHint } from '#shared/session-hint.ts';
import { api, ApiError } from '../api/client.ts';

// The session's calls (storefront.md §4, §5): who is signed in, signing in and out. None of them sends the
// visitor to the login page on a 401: a signed-out answer is the news itself.

export const fetchProfile = async (): Promise<PublicUser | null> => {
  // A browser that never signed in (or signed out) has no session to ask about.
  if (!hasSignedInHint()) return null;
  try {
    return await api.get<PublicUser>('/user/profile', { handleUnauthorized: false });
  } catch (err) {
    // storefront.md §4: a failed profile fetch means logged out.
    if (err instanceof ApiError) return null;
    throw err;
  }
};

export const postLogin = (credentials: LoginBody) =>
  api.post<{ message: string; user: PublicUser }>('/auth/login', credentials, { handleUnauthorized: false });

export const postLogout = () => api.post('/auth/logout', undefined, { handleUnauthorized: false });
