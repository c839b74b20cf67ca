// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../session/session.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LoginPage } from './login-page.tsx';
import { ProfilePage } from './profile-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SignInLinkPage } from './sign-in-link-page.tsx';
import { VerifyAccountPage } from './verify-account-page.tsx';
import { paths } from '#shared/paths.ts';
import { SIGNED_IN_HINT } from '#shared/session-hint.ts';

type Reply = { status: number; body?: unknown };
type Call = { method: string; path: string; body: unknown };

const user = {
  id: 1,
  username: 'ana',
  email: 'ana@example.pt',
  isAdmin: false,
  isBanned: false,
  isVerified: true,
  pendingEmail: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const error = (status: number, code: string, message: string, fields?: Record<string, string>): Reply => ({
  status,
  body: { message, error: message, code, ...(fields ? { fields } : {}) },
});

let calls: Call[];
let routesReply: Record<string, Reply | (() => Reply)>;

beforeEach(() => {
  calls = [];
  routesReply = { 'GET /user/profile': error(401, 'UNAUTHENTICATED', 'Tem de iniciar sessão para continuar.') };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init.method ?? 'GET';
    calls.push({ method, path: `${path}${url.search}`, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const entry = routesReply[`${method} ${path}`] ?? { status: 404, body: { message: 'x', error: 'x', code: 'NOT_FOUND' } };
    const reply = typeof entry === 'function' ? entry() : entry;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string | { pathname: string; state: unknown }) {
  // The hint the server leaves beside a session (src/shared/session-hint.ts): the app asks who is signed in only then.
  const profile = routesReply['GET /user/profile'];
  document.cookie = profile && typeof profile !== 'function' && profile.status === 200 ? `${SIGNED_IN_HINT}=1; path=/` : `${SIGNED_IN_HINT}=; max-age=0; path=/`;
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Página inicial</p> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/auth/verify', element: <VerifyAccountPage /> },
      { path: '/recuperar-senha', element: <ForgotPasswordPage /> },
      { path: paths.resetPassword.pattern, element: <ResetPasswordPage /> },
      { path: paths.signInLink.pattern, element: <SignInLinkPage /> },
      { path: '/perfil', element: <ProfilePage /> },
      { path: '/minhas-encomendas', element: <p>Encomendas</p> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login', () => {
  it('offers to resend the verification mail to an unverified account', async () => {
    routesReply['POST /auth/login'] = error(403, 'UNVERIFIED', 'A sua conta ainda não foi verificada.');
    routesReply['POST /auth/resend-verification'] = { status: 200, body: { message: 'Enviámos um novo link.' } };
    renderAt('/login');
    await screen.findByLabelText('Email');
    type('Email', 'ana@example.pt');
    type('Palavra-passe', 'segredo1');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('A sua conta ainda não foi verificada.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar email de verificação' }));
    expect(await screen.findByText('Enviámos um novo link.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/auth/resend-verification')?.body).toEqual({ email: 'ana@example.pt' });
  });

  it('offers a locked account a sign-in link by e-mail (issue #26)', async () => {
    const locked = 'Demasiadas tentativas falhadas para esta conta. Aguarde alguns minutos e tente novamente, ou recupere a palavra-passe.';
    routesReply['POST /auth/login'] = error(429, 'ACCOUNT_LOCKED', locked);
    routesReply['POST /auth/sign-in-link'] = { status: 200, body: { message: 'Se existir uma conta com este email, enviámos uma ligação para entrar.' } };
    renderAt('/login');
    await screen.findByLabelText('Email');
    type('Email', 'ana@example.pt');
    type('Palavra-passe', 'segredo1');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(locked)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar-me uma ligação para entrar' }));
    expect(await screen.findByText('Se existir uma conta com este email, enviámos uma ligação para entrar.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/auth/sign-in-link')?.body).toEqual({ email: 'ana@example.pt' });
    expect((screen.getByRole('button', { name: 'Enviar-me uma ligação para entrar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('signs in from a mailed link only when its button is pressed, once, even under StrictMode', async () => {
    routesReply['POST /auth/sign-in-link/use'] = { status: 200, body: { message: 'Login successful', user } };
    renderAt('/entrar/segredo-da-ligacao');
    const enter = await screen.findByRole('button', { name: 'Entrar na minha conta' });
    expect(calls.filter((c) => c.path === '/auth/sign-in-link/use')).toHaveLength(0);
    fireEvent.click(enter);
    expect(await screen.findByText('Sessão iniciada com sucesso! Vai ser redirecionado dentro de instantes.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/auth/sign-in-link/use').map((c) => c.body)).toEqual([{ token: 'segredo-da-ligacao' }]);
  });

  it('shows why a used link does not sign in, and where to ask for a new one', async () => {
    routesReply['POST /auth/sign-in-link/use'] = error(400, 'INVALID', 'O link é inválido ou já foi usado.');
    renderAt('/entrar/usada');
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar na minha conta' }));
    expect(await screen.findByText('O link é inválido ou já foi usado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir uma nova ligação' }).getAttribute('href')).toBe('/login');
  });

  it('shows field messages without calling the server', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    const emailInput = await screen.findByLabelText('Email');
    await waitFor(() => expect(emailInput.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Por favor insira um email válido.').id).toBe(emailInput.getAttribute('aria-describedby'));
    expect(calls.some((c) => c.path === '/auth/login')).toBe(false);
  });

  it('goes back to the protected page after 3 seconds', async () => {
    let signedIn = false;
    routesReply['GET /user/profile'] = () =>
      signedIn ? { status: 200, body: user } : error(401, 'UNAUTHENTICATED', 'Tem de iniciar sessão para continuar.');
    routesReply['POST /auth/login'] = () => {
      signedIn = true;
      return { status: 200, body: { message: 'Login successful', user } };
    };
    const router = renderAt({ pathname: '/login', state: { from: { pathname: '/minhas-encomendas', search: '?page=2' } } });
    await screen.findByLabelText('Email');
    type('Email', 'ana@example.pt');
    type('Palavra-passe', 'segredo1');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(/Sessão iniciada com sucesso/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/minhas-encomendas'), { timeout: 4000 });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('sends a signed-in visitor straight to /', async () => {
    routesReply['GET /user/profile'] = { status: 200, body: user };
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('register', () => {
  it('sends a signed-in visitor to their profile (issue #12)', async () => {
    routesReply['GET /user/profile'] = { status: 200, body: user };
    const router = renderAt('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
  });

  it('checks the form with the shared rules and puts server field errors on their fields', async () => {
    routesReply['POST /auth/register'] = error(409, 'CONFLICT', 'Já existe uma conta com este email.', {
      email: 'Já existe uma conta com este email.',
    });
    renderAt('/register');
    await screen.findByLabelText('Nome');
    type('Nome', 'Ana');
    type('Email', 'ana@example.pt');
    type('Palavra-passe', '123');
    type('Confirmar palavra-passe', '456');
    fireEvent.click(screen.getByRole('button', { name: 'Registar' }));
    expect(await screen.findByText('A palavra-passe deve ter pelo menos 6 caracteres.')).toBeTruthy();
    expect(screen.getByText('Deve concordar antes de se registar.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Termos e Privacidade' }).getAttribute('href')).toBe('/termos-privacidade');

    // zod runs the match check once the fields themselves are valid.
    type('Palavra-passe', 'segredo1');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Registar' }));
    expect(await screen.findByText('As palavras-passe não coincidem.')).toBeTruthy();

    type('Confirmar palavra-passe', 'segredo1');
    fireEvent.click(screen.getByRole('button', { name: 'Registar' }));
    expect(await screen.findByText('Já existe uma conta com este email.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.path === '/auth/register')?.body).toEqual({
      username: 'Ana',
      email: 'ana@example.pt',
      password: 'segredo1',
    });
  });
});

describe('verification', () => {
  it('says at once when the link has no token', async () => {
    renderAt('/auth/verify');
    expect(await screen.findByText('Token não encontrado')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/auth/verify'))).toBe(false);
  });

  it('spends the token exactly once under StrictMode', async () => {
    routesReply['GET /auth/verify'] = { status: 200, body: { message: 'Conta verificada com sucesso! Já pode iniciar sessão.' } };
    renderAt('/auth/verify?token=abc');
    expect(await screen.findByText('Conta verificada com sucesso! Já pode iniciar sessão.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sessão' }).getAttribute('href')).toBe('/login');
    expect(calls.filter((c) => c.path.startsWith('/auth/verify'))).toEqual([
      { method: 'GET', path: '/auth/verify?token=abc', body: undefined },
    ]);
  });
});

describe('password recovery', () => {
  it('shows the server message after the forgot request', async () => {
    routesReply['POST /auth/forgot-password'] = { status: 200, body: { message: 'Se existir uma conta, enviámos as instruções.' } };
    renderAt('/recuperar-senha');
    await screen.findByLabelText('Email');
    type('Email', 'ana@example.pt');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Se existir uma conta, enviámos as instruções.')).toBeTruthy();
  });

  it('sends the token from the route and shows the server error', async () => {
    routesReply['POST /auth/reset-password'] = error(400, 'INVALID', 'O link expirou. Peça um novo.');
    renderAt('/recuperar-senha/tok123');
    await screen.findByLabelText('Nova palavra-passe');
    type('Nova palavra-passe', 'novasenha1');
    type('Confirmar palavra-passe', 'novasenha2');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir Senha' }));
    expect(await screen.findByText('As senhas não coincidem')).toBeTruthy();
    type('Confirmar palavra-passe', 'novasenha1');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir Senha' }));
    expect(await screen.findByText('O link expirou. Peça um novo.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({ token: 'tok123', newPassword: 'novasenha1' });
  });
});

describe('profile', () => {
  it('sends visitors to /login', async () => {
    const router = renderAt('/perfil');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('saves the profile, notes a pending e-mail, and puts a wrong current password on its field', async () => {
    routesReply['GET /user/profile'] = { status: 200, body: { ...user, isAdmin: true } };
    routesReply['PUT /user/profile'] = {
      status: 200,
      body: { ...user, isAdmin: true, pendingEmail: 'novo@example.pt', message: 'Enviámos um link de confirmação.' },
    };
    routesReply['POST /user/change-password'] = error(400, 'INVALID', 'A palavra-passe atual está incorreta.', {
      currentPassword: 'A palavra-passe atual está incorreta.',
    });
    renderAt('/perfil');
    expect(await screen.findByRole('heading', { level: 1, name: 'O meu perfil' })).toBeTruthy();
    expect(screen.getByText('Administrador')).toBeTruthy();
    type('Email', 'novo@example.pt');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar alterações' }));
    expect(await screen.findByText('Enviámos um link de confirmação.')).toBeTruthy();
    expect(screen.getByText('novo@example.pt')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Segurança' })));
    type('Palavra-passe atual', 'errada');
    type('Nova palavra-passe', 'segredo2');
    type('Confirmar nova palavra-passe', 'segredo2');
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('A palavra-passe atual está incorreta.')).toBeTruthy();
    expect(screen.getByLabelText('Palavra-passe atual').getAttribute('aria-invalid')).toBe('true');
  });
});
