import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { LoginBody, PublicUser } from '#shared/schemas/account.ts';
import { ApiError } from '../api/client.ts';
import { fetchProfile, postLogin, postLogout } from './api.ts';

export type SessionState =
  | { status: 'unknown'; user: null }
  | { status: 'signedIn'; user: PublicUser }
  /** `loggedOut`: the user chose to leave in this visit (a protected page then goes home, not to the login). */
  | { status: 'signedOut'; user: null; loggedOut: boolean };

type SessionApi = SessionState & {
  login(credentials: LoginBody): Promise<PublicUser>;
  logout(): Promise<void>;
  setUser(user: PublicUser): void;
};

export const sessionKey = ['session'] as const;
const SessionContext = createContext<SessionApi | null>(null);

/** Session per storefront.md §4: unknown while the profile loads, then the user or nobody. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: sessionKey, queryFn: fetchProfile, retry: false, staleTime: 5 * 60_000 });

  const setUser = useCallback((user: PublicUser | null) => queryClient.setQueryData(sessionKey, user), [queryClient]);
  const [loggedOut, setLoggedOut] = useState(false);

  const login = useCallback(
    async (credentials: LoginBody) => {
      const answer = await postLogin(credentials);
      // storefront.md §5: the login counts only when the server says exactly this.
      if (answer?.message !== 'Login successful') throw new ApiError('Token inválido', 200, answer);
      const user = (await fetchProfile()) ?? answer.user;
      setLoggedOut(false);
      setUser(user);
      return user;
    },
    [setUser],
  );

  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch (err) {
      console.warn('Falha ao terminar sessão no servidor', err);
    } finally {
      setLoggedOut(true);
      setUser(null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
    }
  }, [queryClient, setUser]);

  const value = useMemo<SessionApi>(() => {
    const state: SessionState =
      profile.isPending ? { status: 'unknown', user: null }
      : profile.data ? { status: 'signedIn', user: profile.data }
      : { status: 'signedOut', user: null, loggedOut };
    return { ...state, login, logout, setUser: (u: PublicUser) => setUser(u) };
  }, [profile.isPending, profile.data, loggedOut, login, logout, setUser]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
