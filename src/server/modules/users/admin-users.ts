import { asc, eq } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { CreateUserBody, UpdateUserBody } from '#shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import { users } from './tables.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { closeUserSessions } from '../auth/sessions.ts';
import { recordChange } from '../audit/audit.ts';
import { findUserByEmail, findUserById, insertUser, toPublicUser, type UserRow } from './users.ts';

export async function listUsers(db: Db) {
  const rows = await db.select().from(users).orderBy(asc(users.id));
  return rows.map(toPublicUser);
}

export async function getUser(db: Db, id: number) {
  const user = await findUserById(db, id);
  if (!user) throw notFound(messages.userNotFound);
  return toPublicUser(user);
}

/** What the audit log keeps of an account: who it is and what it may do (never its password). */
const audited = (user: UserRow, passwordChanged = false) => ({
  username: user.username,
  email: user.email,
  isAdmin: user.isAdmin,
  isBanned: user.isBanned,
  isVerified: user.isVerified,
  ...(passwordChanged ? { password: 'alterada' } : {}),
});

export async function createUser(db: Db, body: Required<CreateUserBody>) {
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, body);
    if (!user) throw conflict(messages.emailTaken, { email: messages.emailTaken });
    await recordChange(tx, { entity: 'user', entityId: user.id, action: 'create', after: audited(user) });
    return toPublicUser(user);
  });
}

/** Admin edit: a blank password keeps the current one; banning ends the user's sessions at once. */
export async function updateUser(db: Db, actorId: number, id: number, body: UpdateUserBody) {
  if (id === actorId && body.isAdmin === false) throw invalid(messages.cannotDemoteSelf, { isAdmin: messages.cannotDemoteSelf });
  if (id === actorId && body.isBanned === true) throw invalid(messages.cannotBanSelf, { isBanned: messages.cannotBanSelf });
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw notFound(messages.userNotFound);
    const owner = await findUserByEmail(tx, body.email);
    if (owner && owner.id !== id) throw conflict(messages.emailTaken, { email: messages.emailTaken });
    const [updated] = await tx
      .update(users)
      .set({
        username: body.username,
        email: body.email,
        isAdmin: body.isAdmin ?? false,
        isBanned: body.isBanned ?? false,
        isVerified: body.isVerified ?? false,
        ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    if (body.isBanned || body.password) await closeUserSessions(tx, id);
    if (updated) await recordChange(tx, { entity: 'user', entityId: id, action: 'update', before: audited(user), after: audited(updated, Boolean(body.password)) });
    return toPublicUser(updated ?? user);
  });
}

export async function deleteUser(db: Db, actorId: number, id: number) {
  if (id === actorId) throw invalid(messages.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning();
    if (!deleted) throw notFound(messages.userNotFound);
    await recordChange(tx, { entity: 'user', entityId: id, action: 'delete', before: audited(deleted) });
  });
}
