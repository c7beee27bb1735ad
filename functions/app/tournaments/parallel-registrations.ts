import { playerRegistrations } from '../../../domain/floor/field-views';
import type { OtherRegistration, TournamentStatus, TournamentWindow } from '../../../domain/tournaments';
import { tournamentWindow, windowsOverlap } from '../../../domain/tournaments';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { CompanionConflict, settingsOfRoot, tournamentRoots } from '../../store/tournament-store';
import { readProfileAndSchedule, readSchedules, scheduledOthers, scheduleWrite } from '../../store/player-schedule';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { NOTHING_PREFETCHED, type Prefetched } from '../../runtime/prefetch';
import { ConcurrentUpdate, Forbidden, NotFound } from '../../runtime/errors';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/*
 * R-REG-1: a player holds no two registrations in tournaments whose time windows overlap, across clubs.
 * The check weighs the player's schedule item (store/player-schedule.ts) and commits with the
 * registration, so two desks registering one player in two tournaments at once cannot both win.
 */

/** The player one can register: a profile that exists and was not erased (R-PD-1). */
export const playerNotFound = (): NotFound => new NotFound('PLAYER_NOT_FOUND', 'No player profile with this id');
export const playerSuspended = (): Forbidden => new Forbidden('ACCOUNT_SUSPENDED', "The player's account is suspended");

type Scheduled = ReturnType<typeof scheduledOthers>;
type TournamentKey = { clubId: string; tournamentId: string };
const tournamentKey = (t: TournamentKey) => `${t.clubId}/${t.tournamentId}`;

/** The tournaments' status and window now, from their roots (BatchGetItems), keyed by tournamentKey. */
async function tournamentsNow(
  keys: readonly TournamentKey[],
): Promise<Map<string, { status: TournamentStatus; window: TournamentWindow }>> {
  if (keys.length === 0) return new Map();
  const roots = await tournamentRoots(keys);
  return new Map(
    roots.map((r) => [tournamentKey(r), { status: r.status as TournamentStatus, window: tournamentWindow(settingsOfRoot(r)) }]),
  );
}

/**
 * The registrations as their tournaments stand now: a tournament that has finished or been cancelled no
 * longer ties the player, and a moved start moves the window. One whose tournament is gone is left out.
 */
const asTheyStand = (scheduled: Scheduled, now: Awaited<ReturnType<typeof tournamentsNow>>): OtherRegistration[] =>
  scheduled.flatMap((o) => {
    const t = now.get(tournamentKey(o));
    return t ? [{ ...o, tournamentStatus: t.status, window: t.window }] : [];
  });

/** The schedule's live registrations as their tournaments stand now (one BatchGetItem, only when it holds any). */
const current = async (scheduled: Scheduled): Promise<OtherRegistration[]> => asTheyStand(scheduled, await tournamentsNow(scheduled));

/**
 * R-REG-1 for a whole field at once (a day 2's qualifiers): each player's live registrations elsewhere
 * whose window, as his schedule holds it, overlaps `target`'s, as their tournaments stand now. The
 * schedules are read a hundred to a request and each tournament's root once: no read per player.
 * Players with none are left out.
 */
export async function registrationsElsewhere(
  playerIds: readonly string[],
  target: { tournamentId: string; window: TournamentWindow },
): Promise<Map<string, OtherRegistration[]>> {
  if (playerIds.length === 0) return new Map();
  const candidates = new Map<string, Scheduled>();
  const tournaments = new Map<string, TournamentKey>();
  for (const [playerId, schedule] of await readSchedules(playerIds)) {
    const others = scheduledOthers(schedule, target.tournamentId).filter((o) => windowsOverlap(o.window, target.window));
    if (others.length === 0) continue;
    candidates.set(playerId, others);
    for (const o of others) tournaments.set(tournamentKey(o), { clubId: o.clubId, tournamentId: o.tournamentId });
  }
  const now = await tournamentsNow([...tournaments.values()]);
  const out = new Map<string, OtherRegistration[]>();
  for (const [playerId, others] of candidates) {
    const standing = asTheyStand(others, now);
    if (standing.length > 0) out.set(playerId, standing);
  }
  return out;
}

/** What a registering command needs: the others to weigh, and the schedule write to commit with it. */
export interface ParallelGuard {
  others: OtherRegistration[];
  /** The schedule write for the state the command decided (none when the player holds no registration in it). */
  companions: (next: FloorTournament) => TransactItem[];
}

const ATTEMPTS = 5;

/**
 * Runs a command that registers `playerId` (R-REG-1) under the player's schedule: the profile must be a
 * player one can register (R-PD-1, R-MOD-1), the check sees the schedule as read, and the registration
 * commits only if the schedule is still as read. A registration elsewhere in between makes it decide again.
 */
export async function withParallelGuard<T>(
  playerId: string,
  target: { clubId: string; tournamentId: string; now: number },
  run: (guard: ParallelGuard) => Promise<T>,
  prefetched: Prefetched = NOTHING_PREFETCHED,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    // The first attempt decides on what the authorization read; a retry reads the schedule anew.
    const { profile, schedule } = await readProfileAndSchedule(playerId, attempt === 1 ? prefetched : NOTHING_PREFETCHED);
    // A player who withdrew consent (R-PD-1) is no longer a player one can register.
    if (!profile || profile.deletedAt) throw playerNotFound();
    if (profile.suspended) throw playerSuspended();
    // Without a schedule the player holds no registration yet (scheduleWrite creates it).
    const others = schedule ? await current(scheduledOthers(schedule, target.tournamentId)) : [];
    const companions = (next: FloorTournament): TransactItem[] => {
      const reg = playerRegistrations(next, playerId).find((r) => r.status !== 'cancelled');
      if (!reg) return [];
      const entry = {
        clubId: target.clubId,
        tournamentId: target.tournamentId,
        registrationId: reg.id,
        ...tournamentWindow(next.settings),
        live: true,
      };
      return [scheduleWrite(playerId, schedule, entry, target.now)];
    };
    try {
      return await run({ others, companions });
    } catch (e) {
      if (!(e instanceof CompanionConflict)) throw e;
      if (attempt >= ATTEMPTS) throw new ConcurrentUpdate("The player's registrations changed meanwhile; retry");
    }
  }
}
