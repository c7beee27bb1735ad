import { problem } from './problem';
import { TABLE_KEYS } from '../store/table-definition';
import { entities } from '../store/entities';
import type { ApiKeyRow } from '../store/entities/api-key';
import type { ClubRow } from '../store/entities/club';
import type { MemberRow } from '../store/entities/member';
import { keyOf, recordOf } from '../store/entities/items';
import { readItems } from '../store/read-items';
import type { Access } from './authorization';
import type { ClubAccess, Principal } from './principal';
import { NOTHING_PREFETCHED, prefetchKeyOf, type ItemKey, type Prefetched } from '../runtime/prefetch';

const clubNotFound = () => problem(404, 'CLUB_NOT_FOUND', 'No such club');
const clubSuspended = () => problem(403, 'CLUB_SUSPENDED', 'The club is suspended by the operator');

/**
 * Applies the access rule. For club routes the club comes from the path and the caller's
 * standing in it from the table (membership) or the API key's own scope, never from the body.
 */
export interface Authorized {
  club: ClubAccess | undefined;
  prefetched: Prefetched;
}

/**
 * Applies the access rule. For club routes the club comes from the path and the caller's
 * standing in it from the table (membership) or the API key's own scope, never from the body.
 * The route's prefetch keys are read in the same round trip as the authorization's own items.
 */
export async function authorize(
  access: Access,
  principal: Principal,
  pathClubId: string | undefined,
  prefetch: readonly ItemKey[] = [],
): Promise<Authorized> {
  const only = async (club: ClubAccess | undefined): Promise<Authorized> => ({ club, prefetched: await readPrefetch(prefetch) });
  if (access.kind === 'public') return only(undefined);
  // A public view of a club resource (the running clock): outsiders reach the handler without club access.
  if (principal.kind === 'anonymous' && access.kind === 'club' && access.publicView) return only(undefined);
  if (principal.kind === 'anonymous') throw problem(401, 'UNAUTHENTICATED', 'Credentials are required');

  if (access.kind === 'user') {
    if (principal.kind !== 'user') throw problem(403, 'USER_TOKEN_REQUIRED', 'This route needs a signed-in user');
    // The route reads the profile with its own first read and calls assertAccount (checked after it ran).
    if (access.accountReadByRoute) return only(undefined);
    const prefetched = await assertAccountActive(principal.userId, access.whileSuspended === true, prefetch);
    return { club: undefined, prefetched };
  }
  if (access.kind === 'operator') {
    if (principal.kind !== 'user' || !principal.operator) throw problem(403, 'FORBIDDEN', 'Operators only');
    return only(undefined);
  }

  if (!pathClubId) throw new Error('club route without {clubId}');
  if (principal.kind === 'apiKey') {
    if (principal.clubId !== pathClubId) throw clubNotFound();
    if (!access.apiKeys) throw problem(403, 'USER_TOKEN_REQUIRED', 'API keys cannot call this route');
    // The key's club was read with the key itself (see readApiKeyWithClub); a principal made elsewhere reads it here.
    const club =
      principal.club !== undefined
        ? principal.club
        : (
            await entities()
              .club.get({ clubId: pathClubId })
              .go({ consistent: true, attributes: ['suspended'] })
          ).data;
    if (!club) throw clubNotFound();
    if (club.suspended) throw clubSuspended();
    if (!access.roles.includes(principal.role)) throw problem(403, 'FORBIDDEN', "The key's role may not do this");
    const clubAccess = { clubId: pathClubId, role: principal.role, actorId: `apikey:${principal.keyId}` };
    return principal.prefetched ? { club: clubAccess, prefetched: principal.prefetched } : only(clubAccess);
  }

  const { member, club, prefetched } = await readMembershipWithClub(pathClubId, principal.userId, prefetch);
  if (!member || !club) {
    if (access.publicView && club && !club.suspended) return { club: undefined, prefetched };
    throw clubNotFound();
  }
  if (club.suspended) throw clubSuspended();
  if (!access.roles.includes(member.role)) throw problem(403, 'FORBIDDEN', `The role ${member.role} may not do this`);
  return { club: { clubId: pathClubId, role: member.role, actorId: principal.userId }, prefetched };
}

type Item = Record<string, unknown>;
const { partitionKey: PK, sortKey: SK } = TABLE_KEYS;

const sameKey = (a: Item, b: Item) => a[PK] === b[PK] && a[SK] === b[SK];

/**
 * One strongly consistent BatchGetItem for a few items of the table, with only the attributes named
 * (the key and the record identity are always added, so the records can be told apart). A removal or a
 * suspension counts at once, in one round trip and at the price of consistent GetItems; the items need
 * not be read as one snapshot, so no transactional read (twice that).
 */
async function getConsistent(keys: readonly Item[], attributes: readonly string[] | 'all'): Promise<Item[]> {
  const found = await readItems(
    keys.map((k) => ({ pk: String(k[PK]), sk: String(k[SK]) })),
    { consistent: true, ...(attributes === 'all' ? {} : { attributes }) },
  );
  return [...found.values()];
}

/** The prefetched items among those read: each key maps to its item or null. */
function collect(prefetch: readonly ItemKey[], items: readonly Item[]): Prefetched {
  if (prefetch.length === 0) return NOTHING_PREFETCHED;
  const out = new Map<string, Item | null>();
  for (const k of prefetch) out.set(prefetchKeyOf(k), items.find((i) => i[PK] === k.pk && i[SK] === k.sk) ?? null);
  return out;
}

/** Distinct table keys of the prefetch that are not among `own` (a route may name an item authorization reads). */
function extraKeys(prefetch: readonly ItemKey[], own: readonly Item[]): Item[] {
  const seen = new Set(own.map((k) => `${String(k[PK])}\u0000${String(k[SK])}`));
  const out: Item[] = [];
  for (const k of prefetch) {
    const id = prefetchKeyOf(k);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ [PK]: k.pk, [SK]: k.sk });
  }
  return out;
}

/** Prefetch keys alone (routes whose authorization reads nothing, and reads that learn their keys later). */
export async function readPrefetch(prefetch: readonly ItemKey[]): Promise<Prefetched> {
  if (prefetch.length === 0) return NOTHING_PREFETCHED;
  return collect(prefetch, await getConsistent(extraKeys(prefetch, []), 'all'));
}

/** The caller's membership and the club's suspension flag, in one round trip (with the route's prefetch). */
export async function readMembershipWithClub(
  clubId: string,
  userId: string,
  prefetch: readonly ItemKey[] = [],
): Promise<{
  member: Pick<MemberRow, 'clubId' | 'userId' | 'role'> | null;
  club: Pick<ClubRow, 'clubId' | 'suspended'> | null;
  prefetched: Prefetched;
}> {
  const { member: memberEntity, club: clubEntity } = entities();
  const m: Item = { ...keyOf(memberEntity.get({ clubId, userId })) };
  const c: Item = { ...keyOf(clubEntity.get({ clubId })) };
  const own = [m, c];
  const items = await getConsistent(
    [...own, ...extraKeys(prefetch, own)],
    prefetch.length > 0 ? 'all' : ['clubId', 'userId', 'role', 'suspended'],
  );
  return {
    member: recordOf(
      memberEntity,
      items.find((i) => sameKey(i, m)),
    ),
    club: recordOf(
      clubEntity,
      items.find((i) => sameKey(i, c)),
    ),
    prefetched: collect(prefetch, items),
  };
}

/**
 * An API key's record and its club's suspension flag, in one round trip: the key names its club, and
 * a key that gets this far is checked against that club (a key is never good for another one).
 */
export async function readApiKeyWithClub(
  clubId: string,
  keyId: string,
  prefetch: readonly ItemKey[] = [],
): Promise<{
  apiKey: Pick<ApiKeyRow, 'clubId' | 'keyId' | 'role' | 'secretHash' | 'revokedAt'> | null;
  club: Pick<ClubRow, 'suspended'> | null;
  prefetched: Prefetched;
}> {
  const { apiKey: apiKeyEntity, club: clubEntity } = entities();
  const k: Item = { ...keyOf(apiKeyEntity.get({ clubId, keyId })) };
  const c: Item = { ...keyOf(clubEntity.get({ clubId })) };
  const own = [k, c];
  const items = await getConsistent(
    [...own, ...extraKeys(prefetch, own)],
    prefetch.length > 0 ? 'all' : ['clubId', 'keyId', 'role', 'secretHash', 'revokedAt', 'suspended'],
  );
  return {
    apiKey: recordOf(
      apiKeyEntity,
      items.find((i) => sameKey(i, k)),
    ),
    club: recordOf(
      clubEntity,
      items.find((i) => sameKey(i, c)),
    ),
    prefetched: collect(prefetch, items),
  };
}

/**
 * The account check of an `accountReadByRoute` route, on the profile item it read (raw, or null when there
 * is none: a signed-in user without a profile passes, as with the check authorization makes).
 */
export function assertAccount(req: { accountChecked: boolean }, profile: Record<string, unknown> | null): void {
  if (profile?.deletedAt)
    throw problem(410, 'ACCOUNT_DELETED', "This account was deleted at the user's request; its personal data is erased");
  if (profile?.suspended === true) throw problem(403, 'ACCOUNT_SUSPENDED', 'The account is suspended by the operator');
  req.accountChecked = true;
}

async function assertAccountActive(userId: string, whileSuspended: boolean, prefetch: readonly ItemKey[]): Promise<Prefetched> {
  let data: { suspended?: boolean | undefined; deletedAt?: string | undefined } | null;
  let prefetched = NOTHING_PREFETCHED;
  if (prefetch.length === 0) {
    data = (
      await entities()
        .player.get({ userId })
        .go({ attributes: ['suspended', 'deletedAt'] })
    ).data;
  } else {
    // The profile and the route's items in one strongly consistent round trip.
    const player = entities().player;
    const p: Item = { ...keyOf(player.get({ userId })) };
    const items = await getConsistent([p, ...extraKeys(prefetch, [p])], 'all');
    data = recordOf(
      player,
      items.find((i) => sameKey(i, p)),
    );
    prefetched = collect(prefetch, items);
  }
  // R-PD-1: the account was erased at its owner's request; the same token gets this clear answer.
  if (data?.deletedAt) throw problem(410, 'ACCOUNT_DELETED', "This account was deleted at the user's request; its personal data is erased");
  if (data?.suspended && !whileSuspended) throw problem(403, 'ACCOUNT_SUSPENDED', 'The account is suspended by the operator');
  return prefetched;
}
