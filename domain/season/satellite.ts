import type { Context } from '../core/context';
import { conflict, ruleError, type FieldIssue } from '../core/errors';
import { MAX_ID_LENGTH } from '../core/limits';
import { shuffle } from '../core/random';
import type { EntryRef } from '../results/entry-ref';
import { activeKnockoutOf, type KnockoutsState } from '../results/state';
import { MAX_SATELLITE_SEATS, MAX_TICKET_VALID_DAYS } from './limits';
import { checkTicketTarget, DAY_MS, issueTicket, type TicketChange, type TicketTarget } from './tickets';

/*
 * R-SAT-1..3: a satellite awards N seats in a target event, each the same award, a ticket to the target
 * (R-TICKET-1). It ends when N players remain: they share places 1..N (all place 1) and each wins a
 * seat; the bubble is at N + 1 players left. The tickets are issued at the finish.
 */

export type SatelliteTarget = { kind: 'tournament'; tournamentId: string } | { kind: 'series'; seriesId: string };

export type SatelliteSeats = { mode: 'fixed'; count: number } | { mode: 'per_entries'; entriesPerSeat: number };

/** R-SAT-3: a winner already holding a seat or a registration in the target. */
export type AlreadyInTarget =
  /** The seat passes to the next place. */
  | { policy: 'pass_to_next' }
  /** The winner takes a ticket for another event instead. */
  | { policy: 'other_event'; target: TicketTarget };

export interface SatelliteSettings {
  target: SatelliteTarget;
  seats: SatelliteSeats;
  alreadyInTarget: AlreadyInTarget;
  /** Days from the finish until the seat tickets expire. */
  ticketValidDays: number;
}

/** Refuses settings out of range (422, SATELLITE_SETTINGS_INVALID with the fields). */
export function checkSatelliteSettings(s: SatelliteSettings): SatelliteSettings {
  const issues: FieldIssue[] = [];
  const id = (v: unknown, field: string) => {
    if (typeof v !== 'string' || v.length === 0 || v.length > MAX_ID_LENGTH)
      issues.push({ field, message: `an id of 1 to ${MAX_ID_LENGTH} characters` });
  };
  if (s?.target?.kind === 'tournament') id(s.target.tournamentId, 'target.tournamentId');
  else if (s?.target?.kind === 'series') id(s.target.seriesId, 'target.seriesId');
  else issues.push({ field: 'target.kind', message: 'must be tournament or series' });
  const count = (v: unknown, field: string) => {
    if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > MAX_SATELLITE_SEATS)
      issues.push({ field, message: `an integer from 1 to ${MAX_SATELLITE_SEATS}` });
  };
  if (s?.seats?.mode === 'fixed') count(s.seats.count, 'seats.count');
  else if (s?.seats?.mode === 'per_entries') count(s.seats.entriesPerSeat, 'seats.entriesPerSeat');
  else issues.push({ field: 'seats.mode', message: 'must be fixed or per_entries' });
  if (s?.alreadyInTarget?.policy === 'other_event') checkTicketTarget(s.alreadyInTarget.target, 'alreadyInTarget.target', issues);
  else if (s?.alreadyInTarget?.policy !== 'pass_to_next')
    issues.push({ field: 'alreadyInTarget.policy', message: 'must be pass_to_next or other_event' });
  if (!Number.isInteger(s?.ticketValidDays) || s.ticketValidDays < 1 || s.ticketValidDays > MAX_TICKET_VALID_DAYS) {
    issues.push({ field: 'ticketValidDays', message: `an integer from 1 to ${MAX_TICKET_VALID_DAYS}` });
  }
  if (issues.length > 0) throw ruleError('SATELLITE_SETTINGS_INVALID', 'Invalid satellite settings (R-SAT-1)', issues);
  return s;
}

/** R-SAT-1: N = the fixed count, or one seat per full M entries (re-entries count), at least 1. */
export function satelliteSeats(seats: SatelliteSeats, entriesCount: number): number {
  return seats.mode === 'fixed' ? seats.count : Math.max(1, Math.floor(entriesCount / seats.entriesPerSeat));
}

export interface SatelliteSummary {
  playersLeft: number;
  entries: number;
  seats: number;
  /** Eliminations still needed until the seats are decided. */
  eliminationsToSeats: number;
  /** R-SAT-2: N + 1 players left. */
  onBubble: boolean;
  /** N or fewer players left, registration closed: the satellite is over. */
  ended: boolean;
}

/**
 * R-SAT-2: the live summary (as R-ITM-2 gives it for places). While late registration is open the
 * field, and with per-entry seats N, can still grow, so it does not end then.
 */
export function satelliteSummary(
  entries: readonly EntryRef[],
  seats: SatelliteSeats,
  opts: { lateRegistrationOpen?: boolean } = {},
): SatelliteSummary {
  const counted = entries.filter((e) => e.status !== 'void');
  const playersLeft = counted.filter((e) => e.status === 'active').length;
  const n = satelliteSeats(seats, counted.length);
  const eliminationsToSeats = Math.max(0, playersLeft - n);
  return {
    playersLeft,
    entries: counted.length,
    seats: n,
    eliminationsToSeats,
    onBubble: playersLeft === n + 1,
    ended: playersLeft > 0 && eliminationsToSeats === 0 && !opts.lateRegistrationOpen,
  };
}

export interface SatellitePlace {
  place: number;
  playerId: string;
  lastEntryId: string;
  /** Won a seat by place (before R-SAT-3). */
  winner: boolean;
}

/**
 * R-SAT-2: the final places of a satellite with `seats` seats. The players still in play, and the last
 * eliminated while they fit, share place 1; the others are ranked by elimination (later = better,
 * one number = one shared place). A block busted in one hand that straddles the last seat (a double
 * knockout from N + 1 to N - 1) is settled by lot from `ctx.rng` for the seats left (chips at the start of
 * the hand are not recorded); the losers of the lot share the next place.
 */
export function satellitePlaces(state: KnockoutsState, entries: readonly EntryRef[], seats: number, ctx: Context): SatellitePlace[] {
  const counted = entries.filter((e) => e.status !== 'void');
  const byPlayer = new Map<string, EntryRef[]>();
  for (const e of counted) byPlayer.set(e.playerId, [...(byPlayer.get(e.playerId) ?? []), e]);
  const players = [...byPlayer].map(([playerId, own]) => {
    const sorted = own.slice().sort((a, b) => a.number - b.number || a.createdAt - b.createdAt);
    const last = sorted.find((e) => e.status === 'active') ?? (sorted[sorted.length - 1] as EntryRef);
    let n: number | null = null;
    if (last.status !== 'active') {
      const ko = activeKnockoutOf(state, last.id);
      if (!ko) throw conflict('ELIMINATION_NOT_RECORDED', `Entry ${last.id} is busted without a knockout record`);
      n = ko.eliminationNumber;
    }
    return { playerId, lastEntryId: last.id, n };
  });
  const active = players.filter((p) => p.n === null);
  if (active.length > seats)
    throw conflict('SATELLITE_NOT_ENDED', `${active.length} players are still in play for ${seats} seats (R-SAT-2)`);
  if (active.length === 0 && players.length > 0) throw conflict('PLACES_NOT_READY', 'No entry is in play');

  // Blocks from the best: the players in play, then each elimination number, later first.
  const key = (n: number | null) => n ?? Number.POSITIVE_INFINITY;
  const blocks = new Map<number, typeof players>();
  for (const p of players) blocks.set(key(p.n), [...(blocks.get(key(p.n)) ?? []), p]);
  const ordered = [...blocks.entries()].sort((a, b) => b[0] - a[0]).map(([, ps]) => ps.sort((a, b) => (a.playerId < b.playerId ? -1 : 1)));

  const out: SatellitePlace[] = [];
  let placed = 0;
  for (const block of ordered) {
    const left = seats - placed;
    if (left >= block.length) {
      // The whole block fits (the players in play always do): winners, sharing place 1.
      for (const p of block) out.push({ place: 1, playerId: p.playerId, lastEntryId: p.lastEntryId, winner: true });
    } else if (left > 0) {
      const drawn = new Set(
        shuffle(block, ctx.rng)
          .slice(0, left)
          .map((p) => p.playerId),
      );
      for (const p of block) {
        const win = drawn.has(p.playerId);
        out.push({ place: win ? 1 : seats + 1, playerId: p.playerId, lastEntryId: p.lastEntryId, winner: win });
      }
    } else {
      for (const p of block) out.push({ place: placed + 1, playerId: p.playerId, lastEntryId: p.lastEntryId, winner: false });
    }
    placed += block.length;
  }
  return out;
}

export interface SeatAward {
  playerId: string;
  place: number;
  /** The ticket's target: the satellite's, or the organiser's other event (R-SAT-3). */
  target: TicketTarget;
  /** won: by place; passed_down: a winner already in the target passed the seat on; other_event: R-SAT-3's alternative. */
  reason: 'won' | 'passed_down' | 'other_event';
}

/**
 * R-SAT-3: who receives the N seat tickets. `inTarget` holds the players who already hold a seat
 * (a ticket to the target) or a registration in it. With `pass_to_next` each such winner's seat goes
 * to the best-placed player not yet awarded and not in the target (a shared place settled by lot);
 * with `other_event` the winner takes a ticket for the organiser's other event.
 */
export function satelliteAwards(
  places: readonly SatellitePlace[],
  settings: SatelliteSettings,
  inTarget: ReadonlySet<string>,
  ctx: Context,
): { awards: SeatAward[]; passedOver: string[] } {
  const target: TicketTarget = settings.target;
  const awards: SeatAward[] = [];
  const passedOver: string[] = [];
  let passOn = 0;
  for (const p of places.filter((x) => x.winner)) {
    if (!inTarget.has(p.playerId)) awards.push({ playerId: p.playerId, place: p.place, target, reason: 'won' });
    else if (settings.alreadyInTarget.policy === 'other_event')
      awards.push({ playerId: p.playerId, place: p.place, target: settings.alreadyInTarget.target, reason: 'other_event' });
    else {
      passedOver.push(p.playerId);
      passOn += 1;
    }
  }
  if (passOn > 0) {
    const next = places.filter((x) => !x.winner && !inTarget.has(x.playerId)).sort((a, b) => a.place - b.place);
    let i = 0;
    while (passOn > 0 && i < next.length) {
      const place = (next[i] as SatellitePlace).place;
      const block = next.filter((x) => x.place === place);
      const chosen = block.length <= passOn ? block : shuffle(block, ctx.rng).slice(0, passOn);
      for (const p of chosen) awards.push({ playerId: p.playerId, place: p.place, target, reason: 'passed_down' });
      passOn -= chosen.length;
      i += block.length;
    }
  }
  return { awards, passedOver };
}

/** R-SAT-1, R-SAT-2: the seat tickets, issued at the finish. */
export function satelliteTickets(
  awards: readonly SeatAward[],
  finish: { clubId: string; tournamentId: string; finishedAt: number },
  settings: SatelliteSettings,
  ctx: Context,
): TicketChange[] {
  const at = { ...ctx, now: finish.finishedAt };
  return awards.map((a) =>
    issueTicket(
      {
        clubId: finish.clubId,
        holderId: a.playerId,
        target: a.target,
        expiresAt: finish.finishedAt + settings.ticketValidDays * DAY_MS,
        source: { kind: 'satellite', tournamentId: finish.tournamentId, place: a.place },
      },
      at,
    ),
  );
}
