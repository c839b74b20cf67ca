import { callMessages } from './texts/calls.ts';

// Every pt-PT text the server sends and the client falls back to, written once.
export const messages = {
  // The shared call behaviour (storefront.md §8), its own module for the browser's API client.
  ...callMessages,

  invalidInput: 'Os dados enviados não são válidos.',
  controlCharacters: 'O texto contém caracteres que não são permitidos.',
  conflict: 'Os dados entram em conflito com outro registo. Atualize a página e tente novamente.',
  notFound: 'O recurso pedido não existe.',
  unauthenticated: 'Tem de iniciar sessão para continuar.',
  forbidden: 'Não tem permissão para realizar esta ação.',
  foreignOrigin: 'Pedido recusado: origem não autorizada.',
  internal: 'Ocorreu um erro interno. Por favor, tente novamente mais tarde.',

  loginSuccessful: 'Login successful',
  wrongCredentials: 'Email ou palavra-passe incorretos.',
  loginLocked: 'Demasiadas tentativas falhadas para esta conta. Aguarde alguns minutos e tente novamente, ou recupere a palavra-passe.',
  unverified: 'A sua conta ainda não foi verificada. Abra o link que enviámos para o seu email ou peça um novo.',
  banned: 'Esta conta está bloqueada. Contacte a loja para mais informações.',
  emailTaken: 'Já existe uma conta com este email.',
  usernameTaken: 'Este nome de utilizador já está a ser usado.',
  registered: 'Registo efetuado com sucesso! Por favor, verifica o teu email para ativar a conta antes de iniciar sessão.',
  verified: 'Conta verificada com sucesso! Já pode iniciar sessão.',
  emailChanged: 'O seu novo email foi confirmado.',
  tokenInvalid: 'O link é inválido ou já foi usado.',
  tokenExpired: 'O link expirou. Peça um novo.',
  verificationResent: 'Se existir uma conta por verificar com este email, enviámos um novo link de verificação.',
  forgotSent: 'Se existir uma conta com este email, enviámos as instruções para redefinir a palavra-passe.',
  passwordReset: 'Palavra-passe redefinida com sucesso! Já pode iniciar sessão.',
  signInLinkSent: 'Se existir uma conta com este email, enviámos uma ligação para entrar. É válida durante 15 minutos e só serve uma vez.',
  loggedOut: 'Sessão terminada.',
  wrongCurrentPassword: 'A palavra-passe atual está incorreta.',
  passwordChanged: 'Senha alterada com sucesso!',
  profileUpdated: 'Perfil atualizado com sucesso!',
  emailChangePending: 'Enviámos um link de confirmação para o novo email. O email da conta muda quando o abrir.',
  userNotFound: 'Utilizador não encontrado.',
  cannotDeleteSelf: 'Não pode eliminar a sua própria conta.',
  cannotDemoteSelf: 'Não pode retirar a si próprio o acesso de administrador.',
  cannotBanSelf: 'Não pode bloquear a sua própria conta.',
  userDeleted: 'Utilizador eliminado.',

  // Field rules (storefront.md §5, backoffice.md §5).
  usernameRequired: 'Por favor insira o nome de utilizador.',
  emailInvalid: 'Por favor insira um email válido.',
  passwordMin6: 'A palavra-passe deve ter pelo menos 6 caracteres.',
  passwordMin8: 'A palavra-passe deve ter pelo menos 8 caracteres.',
  passwordRequired: 'Por favor insira a palavra-passe.',
  currentPasswordRequired: 'Por favor insira a palavra-passe atual.',
  passwordsDiffer: 'As palavras-passe não coincidem.',
  resetPasswordsDiffer: 'As senhas não coincidem',
  termsRequired: 'Deve concordar antes de se registar.',
  tooLong: 'O texto é demasiado longo.',
} as const;

/** A message with its blanks filled: fill('Restam {stock}.', { stock: 2 }). */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
