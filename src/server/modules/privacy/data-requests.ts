import { erasedForRequest, type ErasureAnswer, type PersonalData, privacyMessages } from '#shared/schemas/privacy.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { findUserByEmail } from '../users/users.ts';
import { collectPersonalData, erasePerson, type Person, erasureRefusal } from './personal-data.ts';

/*
 * The owner's "Pedido RGPD" in Utilizadores: a request that arrived by e-mail or letter, from a guest or a
 * customer, answered for an e-mail address. Each export and erasure is in the audit log (who asked the shop's
 * data out, when, from where), as the accountability of RGPD art. 5.º n.º 2 asks.
 */

async function personOf(tx: Tx, email: string): Promise<{ person: Person; isAdmin: boolean }> {
  const account = await findUserByEmail(tx, email);
  return { person: { userId: account?.id ?? null, email: account?.email ?? email }, isAdmin: Boolean(account?.isAdmin) };
}

export async function exportForRequest(db: Db, email: string): Promise<PersonalData> {
  return db.transaction(async (tx) => {
    const { person } = await personOf(tx, email);
    const data = await collectPersonalData(tx, person);
    await recordChange(tx, {
      entity: 'personal-data',
      entityId: person.email,
      action: 'export',
      after: { conta: Boolean(data.account), encomendas: data.orders.length, mensagens: data.contact_messages.length, newsletter: Boolean(data.newsletter) },
    });
    return data;
  });
}

/** Anonymises everything held for the address (deletes the account, if any), refused with the reason while an order is open. */
export async function eraseForRequest(db: Db, email: string): Promise<ErasureAnswer> {
  return db.transaction(async (tx) => {
    const { person, isAdmin } = await personOf(tx, email);
    if (isAdmin) throw forbidden(privacyMessages.adminAccount, 'ADMIN_ACCOUNT');
    const block = await erasureRefusal(tx, person);
    if (block) throw conflict(block);
    const counts = await erasePerson(tx, person);
    await recordChange(tx, {
      entity: 'personal-data',
      entityId: person.email,
      action: 'anonymise',
      after: {
        conta: counts.account_deleted,
        encomendas: counts.orders_anonymised,
        mensagens: counts.contact_messages_deleted,
        newsletter: counts.newsletter_deleted,
      },
    });
    return { message: erasedForRequest(counts), ...counts };
  });
}
