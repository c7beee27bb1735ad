import { putRecord, putRecords, recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { carryLedger, initialLedger, settleLedger } from '../clock/forced-bets';
import type { BlindStructure, TimerState } from '../clock';
import { bustEntry, deadStackPosted, type Entry, type TournamentEvent } from '../tournaments';
import { emptyKnockoutsState, type Knockout, type ResultsEvent } from '../results';
import { afterHandKnockout, type SeatingEvent } from '../seating';
import type { FloorTournament } from './aggregate';

/*
 * R-NOSHOW-2 and R-LATE-1 on the whole tournament: the forced-bet count of the clock (domain/clock/
 * forced-bets.ts) read at `now`, and the dead stacks it empties. The count is derived from the stored
 * clock on every read; the writes of the clock (staff commands, the scheduled level ends) carry it and
 * record the dead stacks that have posted everything, so no job runs per minute.
 */

export type DeadStackEvent = TournamentEvent | SeatingEvent | ResultsEvent;

/** The forced bets one seat has posted since the clock started, at `now`; 0 before the clock runs. */
export function forcedBetsPostedAt(state: FloorTournament, now: number): number {
  const clock = state.clock;
  if (!clock) return 0;
  const { seatsPerTable, handsPerHour } = state.settings;
  return settleLedger(clock.forcedBets ?? initialLedger(), clock.timer, clock.structure, now, seatsPerTable, handsPerHour).posted;
}

/** An entry as it stands at `now`: for a dead stack, what it has posted so far (never more than its chips). */
export function entryAt(entry: Entry, postedSoFar: number): Entry {
  if (!entry.deadStack || entry.status !== 'active') return entry;
  return { ...entry, forcedBetsPosted: deadStackPosted(entry, postedSoFar) };
}

/**
 * Stores a new timer: the forced-bet ledger carried from the old timer to the new one, then every dead
 * stack that has posted all its chips recorded as out (R-NOSHOW-2: busted, no knockout credit). Those
 * emptied by the same orbit share one elimination number (R-KO-4); an earlier one ranks lower.
 */
export function storeTimer(
  state: FloorTournament & { clock: NonNullable<FloorTournament['clock']> },
  timer: TimerState,
  structure: BlindStructure,
  ctx: Context,
): { state: FloorTournament; events: DeadStackEvent[] } {
  const { seatsPerTable, handsPerHour } = state.settings;
  const forcedBets = carryLedger(state.clock.forcedBets, state.clock.timer, timer, structure, ctx.now, seatsPerTable, handsPerHour);
  const next: FloorTournament = { ...state, clock: { ...state.clock, timer, structure, forcedBets } };
  if (next.status !== 'running') return { state: next, events: [] };
  return blindOut(next, forcedBets.posted, ctx);
}

function blindOut(state: FloorTournament, posted: number, ctx: Context): { state: FloorTournament; events: DeadStackEvent[] } {
  const gone = recordValues(state.entries)
    .filter((e) => e.status === 'active' && e.deadStack && deadStackPosted(e, posted) >= e.chips)
    .sort((a, b) => (a.deadStackFrom ?? 0) + a.chips - ((b.deadStackFrom ?? 0) + b.chips) || a.id.localeCompare(b.id));
  if (gone.length === 0) return { state, events: [] };
  let next = state;
  const events: DeadStackEvent[] = [];
  let knockouts = state.knockouts ?? emptyKnockoutsState();
  let i = 0;
  while (i < gone.length) {
    const first = gone[i] as Entry;
    const threshold = (first.deadStackFrom ?? 0) + first.chips;
    const group: Entry[] = [];
    while (i < gone.length && (gone[i]?.deadStackFrom ?? 0) + (gone[i]?.chips ?? 0) === threshold) group.push(gone[i++] as Entry);
    const eliminationNumber = knockouts.nextEliminationNumber;
    const groupId = ctx.newId('kog');
    const records: Knockout[] = group.map((e) => ({
      id: ctx.newId('ko'),
      bustedEntryId: e.id,
      bustedPlayerId: e.playerId,
      eliminationNumber,
      groupId,
      // Nobody knocked the dead stack out: no killer, no credit.
      killers: [],
      uncreditedKillers: [],
      at: ctx.now,
      by: ctx.actor.id,
      status: 'active',
      reason: 'dead stack blinded out (R-NOSHOW-2)',
    }));
    const map = putRecords(
      knockouts.knockouts,
      records.map((k) => [k.id, k] as const),
    );
    knockouts = { ...knockouts, knockouts: map, nextEliminationNumber: eliminationNumber + 1 };
    events.push({
      type: 'KnockoutRecorded',
      groupId,
      eliminationNumber,
      knockoutIds: records.map((k) => k.id),
      bustedEntryIds: group.map((e) => e.id),
      at: ctx.now,
    });
    for (const e of group) {
      const entries = putRecord<Entry>(next.entries, e.id, { ...e, forcedBetsPosted: e.chips });
      const b = bustEntry({ ...next, entries }, { entryId: e.id }, ctx);
      next = b.state as FloorTournament;
      events.push(...b.events);
    }
  }
  next = { ...next, knockouts };
  const freed = gone.filter((e) => Boolean(state.seating?.seatOf[e.id])).map((e) => e.id);
  if (freed.length > 0 && next.seating) {
    const s = afterHandKnockout(next.seating, { entryIds: freed }, ctx);
    next = { ...next, seating: s.state };
    events.push(...s.events);
  }
  return { state: next, events };
}
