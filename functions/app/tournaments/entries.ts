import { recordValues } from '../../../domain/core/record-map';
import { addon, checkIn, reenter, rebuy, register, type Entry, type OtherRegistration } from '../../../domain/tournaments';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import type { Context } from '../../../domain/core/context';
import { conflict } from '../../../domain/core/errors';
import { clockView, playingLevelsBefore } from '../../../domain/clock';
import { forcedBetsPostedAt } from '../../../domain/floor/dead-stacks';
import { seatNewEntries } from '../../../domain/floor/seat-new-entries';
import type { Prefetched } from '../../runtime/prefetch';
import type { StoredTournament } from '../../store/tournament-store';
import {
  executeTournamentCommand,
  type CommandResult,
  type Decision,
  type FloorEvent,
  type TournamentCommand,
} from '../tournament-command';
import { withParallelGuard } from './parallel-registrations';
import { requirePlayer } from './registrations';

/** R-REBUY-2: the playing levels the clock has left behind (rebuyEndsAtLevel). */
const playingLevelsPassed = (s: StoredTournament, now: number): number =>
  s.clock ? playingLevelsBefore(s.clock.structure, clockView(s.clock.timer, s.clock.structure, now).current.levelIndex) : 0;

/** R-CLK-4: breaks the clock has reached, which gates the add-on window (R-ADDON-2). */
const breaksPassed = (s: StoredTournament, now: number): number =>
  s.clock ? clockView(s.clock.timer, s.clock.structure, now).breaksPassed : 0;

/** The player's newest entry in a state. */
const newestEntryOf = (s: FloorTournament, playerId: string): Entry =>
  recordValues(s.entries)
    .filter((e) => e.playerId === playerId)
    .sort((a, b) => b.number - a.number)[0] as Entry;

type EntryDecision = Decision<FloorEvent, Entry>;

/** A late buy-in registers and checks in at once (R-LATE-1); a re-entry follows a bust (R-REENTRY-1..4). */
function newEntry(kind: 'late_registration' | 'reentry', playerId: string, others: OtherRegistration[]) {
  return (s: FloorTournament, ctx: Context): EntryDecision => {
    if (kind === 'reentry') {
      const r = reenter(s, { playerId }, ctx);
      const seated = seatNewEntries(r.state, r.events, ctx);
      return { ...seated, value: newestEntryOf(seated.state, playerId) };
    }
    const reg = register(s, { playerId, otherRegistrations: others }, ctx);
    const created = reg.events.find((e) => e.type === 'registration.created');
    const registrationId = created && 'registrationId' in created ? created.registrationId : '';
    const inn = checkIn(reg.state, { registrationId, forcedBetsPosted: forcedBetsPostedAt(s, ctx.now) }, ctx);
    // Beyond the seat limit the registration would only wait (R-REG-2): no entry to answer with, so
    // nothing is written and the desk uses the waitlist (register, then check in) instead.
    if (inn.state.registrations[registrationId]?.entryId === undefined) {
      throw conflict('SEAT_LIMIT_REACHED', 'The tournament is full: register the player on the waitlist instead of a late buy-in');
    }
    const seated = seatNewEntries(inn.state, [...reg.events, ...inn.events], ctx);
    return { ...seated, value: newestEntryOf(seated.state, playerId) };
  };
}

/** A new entry, seated at once when seating is drawn; answers the entry made. */
export async function createEntry(
  command: TournamentCommand,
  input: { playerId: string; kind: 'late_registration' | 'reentry' },
  prefetched: Prefetched,
): Promise<CommandResult<FloorEvent, Entry>> {
  const { playerId, kind } = input;
  if (kind === 'late_registration') {
    // A late buy-in registers the player: R-REG-1 under the player's schedule, as a registration.
    return withParallelGuard(
      playerId,
      { clubId: command.clubId, tournamentId: command.tournamentId, now: command.ctx.now },
      ({ others, companions }) => executeTournamentCommand(command, newEntry(kind, playerId, others), { companions }),
      prefetched,
    );
  }
  await requirePlayer(playerId, prefetched);
  return executeTournamentCommand(command, newEntry(kind, playerId, []));
}

/** R-REBUY-1/-2: tops up the entry by the starting stack; answers the entry. */
export const rebuyEntry = (command: TournamentCommand, input: { entryId: string; currentChips?: number | undefined }) =>
  executeTournamentCommand(command, (s, ctx) => {
    const r = rebuy(
      s,
      {
        entryId: input.entryId,
        playingLevelsPassed: playingLevelsPassed(s, ctx.now),
        ...(input.currentChips !== undefined ? { currentChips: input.currentChips } : {}),
      },
      ctx,
    );
    return { ...r, value: r.state.entries[input.entryId] as Entry };
  });

/** R-ADDON-1..3: the add-on in its window; answers the entry. */
export const addonEntry = (command: TournamentCommand, entryId: string) =>
  executeTournamentCommand(command, (s, ctx) => {
    const r = addon(s, { entryId, breaksPassed: breaksPassed(s, ctx.now) }, ctx);
    return { ...r, value: r.state.entries[entryId] as Entry };
  });
