import { recordAt, recordCount, recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { bustEntry, reviveEntry, type TournamentEvent } from '../tournaments';
import {
  cancelKnockout,
  drawMystery,
  emptyKnockoutsState,
  mysteryTableHash,
  recordKnockout,
  type BountySettings,
  type EntryLookup,
  type EntryRef,
  type KnockoutSettings,
  type RecordKnockoutCommand,
  type ResultsEvent,
} from '../results';
import { afterHandKnockout, seatingFlags, seatLateEntrant, type KnockoutFlags, type SeatingEvent } from '../seating';
import type { FloorTournament } from './aggregate';
import type { ShootoutEvent } from './shootout';
import { seatNewEntries } from './seat-new-entries';
import {
  afterShootoutKnockout,
  assertShootoutCancel,
  assertShootoutKnockout,
  isShootout,
  seatRevived,
  shootoutFlags,
  shootoutReviveSeat,
} from './shootout';

export type FloorEvent = TournamentEvent | SeatingEvent | ResultsEvent | ShootoutEvent;

export interface FloorResult {
  state: FloorTournament;
  events: FloorEvent[];
}

const refOf = (e: FloorTournament['entries'][string]): EntryRef => ({
  id: e.id,
  playerId: e.playerId,
  number: e.number,
  status: e.status,
  createdAt: e.createdAt,
});

export const entryRefs = (t: FloorTournament): EntryRef[] => recordValues(t.entries).map(refOf);

/** The entries by id, read where they are: a knockout touches two or three of a field of thousands. */
const entryLookup = (t: FloorTournament): EntryLookup => ({
  get: (id) => {
    const e = recordAt(t.entries, id);
    return e && refOf(e);
  },
});

export const knockoutSettings = (t: FloorTournament): KnockoutSettings => ({
  cancelWindowMs: t.settings.knockoutCancelWindowMinutes * 60_000,
  // Stored before the setting existed: the default.
  twoKillerCredit: t.settings.twoKillerCredit ?? 'both',
});

/**
 * The tournament's bounty: the mystery switch turns any bounty type into a mystery draw (R-MYS-1).
 * A progressive tournament stored before `progressiveMode` existed keeps counting as classic (R-BTY-3).
 */
export const bountySettings = (t: FloorTournament): BountySettings => {
  const s = t.settings;
  return {
    type: s.mysteryBounty ? 'mystery' : s.bountyType,
    mysteryDrawScope: s.mysteryDrawScope ?? 'per_killer_entry',
    ...(s.bountyType === 'progressive' ? { progressiveMode: s.progressiveMode ?? 'as_classic' } : {}),
    ...(s.initialBounty !== undefined && s.progressiveCollectPercent !== undefined
      ? { progressive: { initialBounty: s.initialBounty, collectPercent: s.progressiveCollectPercent } }
      : {}),
    mysteryPrizeSource: s.mysteryPrizeSource ?? 'client_text',
    // Only the table the commitment was made for is drawn from.
    ...(s.mysteryPrizeTable && t.mysteryCommitment && t.mysteryCommitment.tableHash === mysteryTableHash(s.mysteryPrizeTable)
      ? { mysteryTable: { rows: s.mysteryPrizeTable, seed: t.mysteryCommitment.seed } }
      : {}),
  };
};

const seated = (t: FloorTournament, entryId: string): boolean => Boolean(t.seating?.seatOf[entryId]);

/**
 * A knockout as one change of the whole tournament (R-KO-1..5): the immutable records, the busted
 * entries, their freed seats with the balancing that follows (R-SEAT-6), and a waitlist promotion
 * seated at once. Either all of it happens or, on any refusal, none of it.
 *
 * Order (R-SEAT-6 "balance first"): every seat of the hand is freed and the tables balanced once,
 * and only then are players promoted from the waitlist seated, at the shortest table. Seating them
 * before the seats are free would open a table the field does not need.
 */
export function recordKnockoutOnFloor(
  state: FloorTournament,
  cmd: RecordKnockoutCommand,
  ctx: Context,
): FloorResult & { knockoutIds: string[]; flags?: KnockoutFlags } {
  if (state.status !== 'running') {
    throw conflict('TOURNAMENT_NOT_RUNNING', `Knockouts are recorded while the tournament runs (status ${state.status})`);
  }
  const ko = recordKnockout(state.knockouts ?? emptyKnockoutsState(), entryLookup(state), cmd, ctx, knockoutSettings(state));
  assertShootoutKnockout(state, ko.bust);
  let next: FloorTournament = { ...state, knockouts: ko.state };
  const busts: TournamentEvent[] = [];
  for (const entryId of ko.bust) {
    const b = bustEntry(next, { entryId }, ctx);
    // The core operations copy the state they are given, slices included.
    next = b.state as FloorTournament;
    busts.push(...b.events);
  }
  const events: FloorEvent[] = [...ko.events, ...busts];
  const freed = ko.bust.filter((entryId) => seated(state, entryId));
  let flags: KnockoutFlags | undefined;
  if (freed.length > 0 && next.seating) {
    // R-SHOOT-1: a shootout's tables are isolated, the seats are freed and nobody moves.
    const s = afterHandKnockout(next.seating, { entryIds: freed, ...(isShootout(state) ? { balance: false } : {}) }, ctx);
    next = { ...next, seating: s.state };
    events.push(...s.events);
    flags = s.flags;
  }
  const placed = seatNewEntries(next, busts, ctx);
  if (placed.state !== next) {
    next = placed.state;
    // seatNewEntries hands back the events it was given, followed by the seating it did.
    events.push(...placed.events.slice(busts.length));
    if (flags && next.seating) flags = seatingFlags(next.seating);
  }
  if (isShootout(state)) {
    // R-SHOOT-2: the knockout that decides the round's last table closes the round.
    const closed = afterShootoutKnockout(next, ctx);
    if (closed) {
      next = closed.state;
      events.push(...closed.events);
    }
    if (flags) flags = shootoutFlags(next.seating ? seatingFlags(next.seating) : flags);
  }
  return { state: next, events, knockoutIds: ko.knockouts.map((k) => k.id), ...(flags ? { flags } : {}) };
}

/**
 * R-KO-6: a dealer's mistake undone within the window. The record is marked cancelled, the entry is
 * active again and, when seating is drawn, it takes a seat at the shortest table (its old seat may
 * have been used by a balancing move meanwhile).
 */
export function cancelKnockoutOnFloor(state: FloorTournament, cmd: { knockoutId: string; reason?: string }, ctx: Context): FloorResult {
  assertShootoutCancel(state, cmd.knockoutId);
  const c = cancelKnockout(state.knockouts ?? emptyKnockoutsState(), entryRefs(state), cmd, ctx, knockoutSettings(state));
  const withCancel: FloorTournament = { ...state, knockouts: c.state };
  const r = reviveEntry(withCancel, { entryId: c.revive }, ctx);
  // The core operations copy the state they are given, slices included.
  let next = r.state as FloorTournament;
  const events: FloorEvent[] = [...c.events, ...r.events];
  if (next.seating && recordCount(next.seating.tables) > 0 && !seated(next, c.revive)) {
    // R-SHOOT-1: in a shootout, back at the table it was busted at.
    const back = shootoutReviveSeat(next, c.state.knockouts[cmd.knockoutId] as NonNullable<(typeof c.state.knockouts)[string]>);
    const s = back
      ? seatRevived(next.seating, c.revive, back, ctx)
      : seatLateEntrant(next.seating, { entryId: c.revive, ...(isShootout(state) ? { balance: false } : {}) }, ctx);
    next = { ...next, seating: s.state };
    events.push(...s.events);
  }
  return { state: next, events };
}

/** R-MYS-1: the killer entry's draw on a knockout, prize text checked for money wording. */
export function drawMysteryOnFloor(
  state: FloorTournament,
  cmd: { knockoutId: string; killerEntryId?: string; prizeText?: string },
  ctx: Context,
): FloorResult & { drawId: string } {
  const d = drawMystery(state.knockouts ?? emptyKnockoutsState(), cmd, ctx, bountySettings(state));
  return { state: { ...state, knockouts: d.state }, events: d.events, drawId: d.draw.id };
}
