import { privacyMessages } from '#shared/schemas/privacy.ts';
import type { EraseAccountBody, ErasureAnswer } from '#shared/schemas/privacy.ts';
import { paths } from '#shared/paths.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, invalid } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { issueToken, consumeToken } from '../auth/tokens.ts';
import { findUserById } from '../users/users.ts';
import { accountErasedMail, erasureLinkMail } from './mails.ts';
import { erasePerson, erasureRefusal } from './personal-data.ts';

/* "Apagar a minha conta" in /perfil (RGPD art. 17.º): confirmed by her password or by a link mailed to her. */

/** The link's address: her profile, which asks her to confirm once more with the token. */
export const erasureLinkUrl = (publicUrl: string, token: string) => `${publicUrl}${paths.profile}?apagar-conta=${encodeURIComponent(token)}`;

async function accountToErase(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw forbidden();
  // The shop's owner must not lock herself out by a click in her customer profile.
  if (user.isAdmin) throw forbidden(privacyMessages.adminAccount, 'ADMIN_ACCOUNT');
  return user;
}

/** Mails her a one-hour link that confirms the erasure (for a customer who signs in by link and has no password in mind). */
export async function sendErasureLink(db: Db, publicUrl: string, userId: number) {
  const user = await accountToErase(db, userId);
  await db.transaction(async (tx) => {
    const block = await erasureRefusal(tx, { userId: user.id, email: user.email });
    if (block) throw conflict(block);
    const token = await issueToken(tx, user.id, 'erase_account');
    await queueMail(tx, await erasureLinkMail(user.email, user.username, erasureLinkUrl(publicUrl, token)));
  });
}

/**
 * DELETE /user/me: refused with the reason while an order is open or within its withdrawal period;
 * otherwise her account, addresses and sessions go, her orders stay anonymised, and she is mailed that it is done.
 */
export async function eraseOwnAccount(db: Db, userId: number, body: EraseAccountBody): Promise<ErasureAnswer> {
  const user = await accountToErase(db, userId);
  if (!body.password && !body.token) throw invalid(privacyMessages.confirmRequired, { password: privacyMessages.confirmRequired });
  if (body.password && !(await verifyPassword(user.passwordHash, body.password))) {
    throw invalid(privacyMessages.wrongPassword, { password: privacyMessages.wrongPassword });
  }
  return db.transaction(async (tx) => {
    const person = { userId: user.id, email: user.email };
    const block = await erasureRefusal(tx, person);
    if (block) throw conflict(block);
    if (!body.password) {
      const used = await consumeToken(tx, body.token ?? '', ['erase_account']).catch(() => null);
      if (!used || used.userId !== user.id) throw invalid(privacyMessages.linkInvalid, { token: privacyMessages.linkInvalid });
    }
    const counts = await erasePerson(tx, person);
    await queueMail(tx, await accountErasedMail(user.email, user.username));
    return { message: privacyMessages.accountDeleted, ...counts };
  });
}
