// Issue #26, "the owner locked out of her own back office": 100 wrong passwords at once against the admin's
// address (from 100 client addresses, as a botnet's), counting the guesses the server checked (answered 401
// rather than refused with 429 ACCOUNT_LOCKED); then a password reset, and a sign-in with the new password.
import { issueToken } from '../../src/server/modules/auth/tokens.ts';
import type { AbuseScenario } from './scenario.ts';
import { signedIn, startShop } from './lib/app.ts';

const GUESSES = 100;
const EMAIL = 'admin@loja.test';

export const scenarios: AbuseScenario[] = [
  {
    key: 'login-lock',
    title: `passwords checked by argon2 from ${GUESSES} parallel wrong guesses against one account; a reset clears the lock`,
    run: async () => {
      const shop = await startShop();
      try {
        const { user } = await signedIn(shop, EMAIL, 'Abuse-bench-2026!', true);
        const guess = (i: number) =>
          shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: `errada-${i}` }, remoteAddress: `10.9.${i >> 8}.${i & 255}` });
        const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => guess(i)));
        const checked = answers.filter((res) => res.statusCode === 401).length;
        const locked = answers.filter((res) => res.statusCode === 429).length;

        const token = await shop.database.db.transaction((tx) => issueToken(tx, user.id, 'reset'));
        const reset = await shop.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Nova-senha-2026!' } });
        const after = await shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: 'Nova-senha-2026!' }, remoteAddress: '127.0.0.3' });
        return [
          { figure: `passwords checked of ${GUESSES} parallel guesses`, value: checked, holds: checked <= 5 },
          { figure: 'guesses refused unchecked (429)', value: locked },
          { figure: 'sign-in with the new password after a reset', value: `${reset.statusCode} then ${after.statusCode}`, holds: after.statusCode === 200 },
        ];
      } finally {
        await shop.close();
      }
    },
  },
];
