import type { StaffRole } from '../../domain/clubs/members';
import { iso } from '../platform/domain-context';
import { newId } from '../runtime/ids';
import { formatApiKey, hashSecret, newApiKeySecret } from '../platform/api-keys';
import { entities } from '../store/entities';
import { NotFound } from '../runtime/errors';
import type { Page, PageRequest } from './page';

/** A club's API keys: each scoped to the club and one role; the secret is shown once and stored hashed. */

export interface ApiKey {
  clubId: string;
  keyId: string;
  name: string;
  role: StaffRole;
  createdBy: string;
  createdAt: string;
  revokedAt?: string | undefined;
  revokedBy?: string | undefined;
}

const publicView = <T extends { secretHash?: string }>(k: T) => {
  const { secretHash: _h, ...rest } = k;
  return rest;
};

/** The club's keys, never their secrets. */
export async function listApiKeys(clubId: string, page: PageRequest): Promise<Page<ApiKey>> {
  const { data, cursor } = await entities().apiKey.query.primary({ clubId }).go(page);
  return { items: data.map(publicView), cursor };
}

/** A new key, with its secret in the `key` the caller presents (the only time it is shown). */
export async function createApiKey(
  clubId: string,
  input: { name: string; role: StaffRole },
  actorId: string,
  now: number,
): Promise<ApiKey & { key: string }> {
  const keyId = newId('key', now);
  const secret = newApiKeySecret();
  const record = {
    clubId,
    keyId,
    name: input.name,
    role: input.role,
    secretHash: hashSecret(secret),
    createdBy: actorId,
    createdAt: iso(now),
  };
  await entities().apiKey.create(record).go();
  return { ...publicView(record), key: formatApiKey(clubId, keyId, secret) };
}

/** Revokes a key: it stays for the audit and is refused from now on. Revoking it again changes nothing. */
export async function revokeApiKey(clubId: string, keyId: string, actorId: string, now: number): Promise<void> {
  const { data } = await entities().apiKey.get({ clubId, keyId }).go();
  if (!data) throw new NotFound('API_KEY_NOT_FOUND', 'No such key');
  if (!data.revokedAt) {
    await entities()
      .apiKey.patch({ clubId, keyId })
      .set({ revokedAt: iso(now), revokedBy: actorId })
      .go();
  }
}
