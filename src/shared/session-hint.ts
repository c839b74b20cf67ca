/**
 * A cookie scripts can read, set beside the (httpOnly) session cookie while a browser is signed in: "1"
 * and nothing else. The app asks the server who is signed in only when it is there, so a visitor who never
 * signed in makes no call bound to answer 401. It says nothing the server trusts: the session cookie decides.
 */
export const SIGNED_IN_HINT = 'loja_conta';

/** Whether this browser has the hint (always false outside a browser). */
export function hasSignedInHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${SIGNED_IN_HINT}=`));
}
