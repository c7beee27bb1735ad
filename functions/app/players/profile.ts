import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { assertAdult } from '../../../domain/players/age';
import { iso } from '../../platform/domain-context';
import { dynamo } from '../../store/client';
import { emptySchedule } from '../../store/player-schedule';
import { entities } from '../../store/entities';
import { conditionRefused, type TransactPut } from '../../store/entities/items';
import type { PlayerRow } from '../../store/entities/player';
import { Conflict, Gone, NotFound } from '../../runtime/errors';

/*
 * A player's own profile (R-AGE-1, R-PD-1): signing up, reading who one is, editing one's fields. The
 * profile belongs to the person, not to a club; the clubs the person is staff of are read beside it.
 */

export interface NewPlayer {
  displayName: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  dateOfBirth: string;
  city?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}

const EDITABLE = ['displayName', 'firstName', 'lastName', 'city', 'phone', 'email'] as const;
type Editable = (typeof EDITABLE)[number];
type Clearable = Exclude<Editable, 'displayName'>;
/** The fields to change: a string sets one, null clears an optional one, absent leaves it. */
export type ProfileChange = Partial<Record<Editable, string | null | undefined>>;

/** The profile as its owner sees it: the erasure markers are not part of it. */
export type OwnProfile = Omit<PlayerRow, 'deletedAt' | 'consentWithdrawnAt' | 'adult'>;

function ownProfile(p: PlayerRow): OwnProfile {
  const { deletedAt: _d, consentWithdrawnAt: _w, adult: _a, ...profile } = p;
  return { ...profile, suspended: p.suspended ?? false };
}

export const accountDeleted = () =>
  new Gone('ACCOUNT_DELETED', "This account was deleted at the user's request; its personal data is erased");

/** Creates the user's profile with an empty schedule (R-REG-1 is decided on it), adults only. */
export async function createPlayer(userId: string, fields: NewPlayer, now: number): Promise<PlayerRow> {
  assertAdult(fields.dateOfBirth, now);
  const at = iso(now);
  const profile = { ...fields, userId, consentAt: at, suspended: false, createdAt: at, updatedAt: at };
  try {
    // The schedule is no entity: ElectroDB's create gives the profile's Put of a raw transaction.
    // Only a refused condition (the profile exists) is a conflict of this kind; a concurrent transaction is not.
    const create = entities().player.create(profile).params<TransactPut>();
    await dynamo().doc.send(new TransactWriteCommand({ TransactItems: [{ Put: create }, emptySchedule(userId)] }));
  } catch (e) {
    if (e instanceof TransactionCanceledException && e.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) {
      throw new Conflict('PLAYER_EXISTS', 'This user already has a player profile');
    }
    throw e;
  }
  return profile;
}

export interface Account {
  player: OwnProfile | null;
  memberships: { clubId: string; role: 'owner' | 'manager' | 'dealer' | 'cashier' }[];
}

/** The user's profile (null before sign-up) and roles in clubs, read at once. */
export async function readAccount(userId: string): Promise<Account> {
  const [p, memberships] = await Promise.all([
    entities().player.get({ userId }).go(),
    entities().member.query.byUser({ userId }).go({ pages: 'all' }),
  ]);
  return {
    player: p.data ? { ...p.data, suspended: p.data.suspended ?? false } : null,
    memberships: memberships.data.map((m) => ({ clubId: m.clubId, role: m.role })),
  };
}

/** Applies the owner's edits (R-PD-1) and answers the profile as it now stands. */
export async function updateProfile(userId: string, change: ProfileChange, now: number): Promise<OwnProfile> {
  const { data: current } = await entities().player.get({ userId }).go();
  if (!current) throw new NotFound('PLAYER_NOT_FOUND', 'No player profile; create one with POST /v1/players');
  const set: Partial<Record<Editable, string>> = {};
  const remove: Clearable[] = [];
  for (const [k, v] of Object.entries(change) as [Editable, string | null | undefined][]) {
    if (!EDITABLE.includes(k)) continue;
    if (v === null && k !== 'displayName') remove.push(k);
    else if (typeof v === 'string') set[k] = v;
  }
  const updatedAt = iso(now);
  try {
    // Never writes personal data back onto an erased profile, whatever the race.
    const update = entities()
      .player.patch({ userId })
      .set({ ...set, updatedAt });
    await (remove.length > 0 ? update.remove(remove) : update).where((p, { notExists }) => notExists(p.deletedAt)).go();
  } catch (e) {
    if (conditionRefused(e)) throw accountDeleted();
    throw e;
  }
  const next: PlayerRow = { ...current, ...set, updatedAt };
  for (const k of remove) delete next[k];
  return ownProfile(next);
}
