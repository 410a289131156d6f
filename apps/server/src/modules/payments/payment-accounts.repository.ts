/**
 * The only SQL of the venues' own provider accounts (`payment_accounts`, issue 16 #3). Secrets are sealed here
 * (lib/secret-box.ts, bound to `payment_accounts:<place>:<provider>`) and opened only for the payments module's
 * use; nothing here is cached per process, so every process on one database reads the same accounts.
 */
import type { PaymentAccountProvider } from '@trapeza/domain/contracts/payment-accounts';
import type { AppDatabase } from '../../db/database.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { parseJson } from '../menu/menu.mapping.ts';

export interface StoredAccount {
  provider: PaymentAccountProvider;
  fields: Record<string, string>;
  last4: string;
  verifiedAt: string | null;
  updatedAt: string;
}

/** The stored credentials exactly as tested (sealed secret and fields JSON). */
export interface AccountVersion {
  sealed: string;
  fields: string;
}

const contextOf = (placeId: number, provider: string) => `payment_accounts:${placeId}:${provider}`;

export function createPaymentAccountsRepository(db: AppDatabase, box: SecretBox) {
  async function list(placeId: number): Promise<StoredAccount[]> {
    const rows = await db
      .selectFrom('payment_accounts')
      .select(['provider', 'fields', 'secret_last4', 'verified_at', 'updated_at'])
      .where('place_id', '=', placeId)
      .execute();
    return rows.map((r) => ({
      provider: r.provider as PaymentAccountProvider,
      fields: parseJson<Record<string, string>>(r.fields, {}),
      last4: r.secret_last4,
      verifiedAt: r.verified_at,
      updatedAt: r.updated_at,
    }));
  }

  /** The accounts with their secrets opened (for the payments module only); one that does not open is left out. */
  async function withSecrets(
    placeId: number,
    onUnreadable: (provider: string) => void = () => undefined,
  ): Promise<(StoredAccount & { secret: string; version: AccountVersion })[]> {
    const rows = await db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('place_id', '=', placeId)
      .execute();
    const out: (StoredAccount & { secret: string; version: AccountVersion })[] = [];
    for (const r of rows) {
      const secret = box.open(r.secret, contextOf(placeId, r.provider));
      if (secret === null) {
        onUnreadable(r.provider);
        continue;
      }
      out.push({
        provider: r.provider as PaymentAccountProvider,
        fields: parseJson<Record<string, string>>(r.fields, {}),
        last4: r.secret_last4,
        verifiedAt: r.verified_at,
        updatedAt: r.updated_at,
        secret,
        version: { sealed: r.secret, fields: r.fields },
      });
    }
    return out;
  }

  /**
   * Stores the fields and, when given, a new secret (else the stored one stays); any change forgets that the
   * account was verified. Answers false when no secret was given and none is stored.
   */
  async function save(
    placeId: number,
    provider: PaymentAccountProvider,
    fields: Record<string, string>,
    secret: string | null,
    at: Date,
  ): Promise<boolean> {
    const fieldsJson = JSON.stringify(fields);
    const updatedAt = at.toISOString();
    if (secret === null) {
      const res = await db
        .updateTable('payment_accounts')
        .set({ fields: fieldsJson, verified_at: null, updated_at: updatedAt })
        .where('place_id', '=', placeId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    }
    const sealed = box.seal(secret, contextOf(placeId, provider));
    const last4 = Array.from(secret).slice(-4).join('');
    await db
      .insertInto('payment_accounts')
      .values({
        place_id: placeId,
        provider,
        fields: fieldsJson,
        secret: sealed,
        secret_last4: last4,
        verified_at: null,
        updated_at: updatedAt,
      })
      .onConflict((oc) =>
        oc.columns(['place_id', 'provider']).doUpdateSet({
          fields: fieldsJson,
          secret: sealed,
          secret_last4: last4,
          verified_at: null,
          updated_at: updatedAt,
        }),
      )
      .execute();
    return true;
  }

  async function remove(placeId: number, provider: PaymentAccountProvider): Promise<boolean> {
    const res = await db
      .deleteFrom('payment_accounts')
      .where('place_id', '=', placeId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /**
   * Records a test payment's outcome, only if the credentials tested are still the stored ones (the sealed secret
   * has a fresh IV on every entry, so it changes with each re-entry): a change made meanwhile is not marked working.
   */
  async function setVerified(
    placeId: number,
    provider: PaymentAccountProvider,
    tested: AccountVersion,
    verifiedAt: string | null,
  ): Promise<void> {
    await db
      .updateTable('payment_accounts')
      .set({ verified_at: verifiedAt })
      .where('place_id', '=', placeId)
      .where('provider', '=', provider)
      .where('secret', '=', tested.sealed)
      .where('fields', '=', tested.fields)
      .execute();
  }

  /** How many stored secrets this key cannot open, of how many (the start-up check). */
  async function unreadableSecrets(): Promise<{ unreadable: number; total: number }> {
    const rows = await db.selectFrom('payment_accounts').select(['place_id', 'provider', 'secret']).execute();
    const unreadable = rows.filter(
      (r) => box.open(r.secret, contextOf(r.place_id, r.provider)) === null,
    ).length;
    return { unreadable, total: rows.length };
  }

  return { list, withSecrets, save, remove, setVerified, unreadableSecrets };
}
export type PaymentAccountsRepository = ReturnType<typeof createPaymentAccountsRepository>;
