import { recordIds, recordValues } from '../../../domain/core/record-map';
import { blindsAt, breaksUpTo, playingLevelNumber } from '../../../domain/clock';
import type { ClockEvent } from '../../../domain/clock';
import type { TournamentEvent } from '../../../domain/tournaments';
import { freeEntryLabel, isFreeEntryRow, type SeasonPrizeRow } from '../../../domain/season';
import type { StoredTournament } from '../../store/tournament-store';
import { logger } from '../../runtime/logger';
import { notifier } from './index';
import { publishByReference, publishEach, type PersonalNotification, type PlayerNotification } from './port';

type Audience = 'registered' | { playerId: string };
interface Draft {
  audience: Audience;
  notification: PlayerNotification;
  /** One of a field-wide event's notifications, which a channel may keep once for the event (port.ts). */
  ref?: string;
}
type Notifier = (state: StoredTournament, event: { type: string }, now: number) => Draft | Draft[] | null;

const minutes = (sec: number): string => `${Math.round(sec / 60)} min`;

function base(
  state: StoredTournament,
  type: string,
  at: number,
  key: string,
  title: string,
  data: Record<string, unknown>,
): PlayerNotification {
  return {
    id: `${state.id}.${type}.${key}`,
    type,
    at,
    clubId: state.clubId,
    tournamentId: state.id,
    title: `${state.settings.name}: ${title}`,
    data,
  };
}

/** R-CLK-4 and the level changes: what the players of the tournament see in their feed. */
const levelStarted: Notifier = (state, event) => {
  const e = event as ClockEvent;
  const clock = state.clock;
  if (!clock) return null;
  const level = clock.structure.levels[e.levelIndex];
  // Entering a break is told by break.started.
  if (!level || level.isBreak) return null;
  const blinds = blindsAt(clock.timer, clock.structure, e.levelIndex);
  const number = playingLevelNumber(clock.structure, e.levelIndex);
  const ante = blinds.ante > 0 ? `, ante ${blinds.ante}` : '';
  return {
    audience: 'registered',
    notification: base(state, e.type, e.at, `${e.levelIndex}.${e.at}`, `level ${number}: ${blinds.smallBlind}/${blinds.bigBlind}${ante}`, {
      levelIndex: e.levelIndex,
      levelNumber: number,
      ...blinds,
      durationSec: level.durationSec,
      cause: e.cause,
    }),
  };
};

const breakChanged: Notifier = (state, event) => {
  const e = event as ClockEvent;
  const clock = state.clock;
  if (!clock) return null;
  const level = clock.structure.levels[e.levelIndex];
  const breakNumber = e.breakNumber ?? breaksUpTo(clock.structure, e.levelIndex);
  const started = e.type === 'break.started';
  const title = started ? `break ${breakNumber} started (${minutes(level?.durationSec ?? 0)})` : `break ${breakNumber} ended`;
  return {
    audience: 'registered',
    notification: base(state, e.type, e.at, `${e.levelIndex}.${e.at}`, title, {
      levelIndex: e.levelIndex,
      breakNumber,
      ...(started && level ? { durationSec: level.durationSec } : {}),
      cause: e.cause,
    }),
  };
};

/** R-NOSHOW-1/-2: the player concerned learns what became of the registration. */
const registrationCancelled: Notifier = (state, event, now) => {
  const e = event as Extract<TournamentEvent, { type: 'registration.cancelled' }>;
  if (e.reason === 'unregistered') return null;
  const type = e.reason === 'no_show' ? 'registration.no_show' : 'registration.waitlist_expired';
  const title =
    e.reason === 'no_show'
      ? 'your registration was cancelled: you had not checked in when late registration ended'
      : 'the waitlist closed when late registration ended';
  return {
    audience: { playerId: e.playerId },
    notification: base(state, type, now, e.registrationId, title, { registrationId: e.registrationId, reason: e.reason }),
  };
};

const registrationAbsent: Notifier = (state, event, now) => {
  const e = event as Extract<TournamentEvent, { type: 'registration.absent' }>;
  return {
    audience: { playerId: e.playerId },
    notification: base(state, e.type, now, e.registrationId, 'you are in play with a dead stack until you check in', {
      registrationId: e.registrationId,
      entryId: e.entryId,
    }),
  };
};

/** A waitlisted player got a place: worth a push, the player may be on the way to the club. */
const registrationPromoted: Notifier = (state, event, now) => {
  const e = event as Extract<TournamentEvent, { type: 'registration.promoted' }>;
  return {
    audience: { playerId: e.playerId },
    notification: base(state, e.type, now, e.registrationId, 'you are in: promoted from the waitlist', {
      registrationId: e.registrationId,
    }),
  };
};

/** Where an entry sits now, as players count seats (from 1). */
function seatOf(state: StoredTournament, entryId: string): { tableId: string; tableNumber: number; seat: number } | null {
  const at = state.seating?.seatOf[entryId];
  const table = at ? state.seating?.tables[at.tableId] : undefined;
  return at && table ? { tableId: at.tableId, tableNumber: table.number, seat: at.seat + 1 } : null;
}

const seatDraft = (
  state: StoredTournament,
  type: string,
  key: string,
  entryId: string,
  now: number,
  why: string,
  ref?: string,
): Draft | null => {
  const entry = state.entries[entryId];
  const seat = seatOf(state, entryId);
  if (!entry || !seat) return null;
  return {
    audience: { playerId: entry.playerId },
    notification: base(state, type, now, `${key}.${entryId}`, `${why}: table ${seat.tableNumber}, seat ${seat.seat}`, { entryId, ...seat }),
    ...(ref ? { ref } : {}),
  };
};

/** R-SEAT-2, R-SEAT-4, R-SEAT-7: a moved player is told the new table and seat. */
const playerMoved: Notifier = (state, event, now) => {
  const e = event as { type: string; moveId: string; entryId: string; reason: string };
  const why = e.reason === 'late_entry' ? 'your seat' : e.reason === 'break' ? 'your table was broken, your new seat' : 'you were moved';
  return seatDraft(state, 'seat.assigned', e.moveId, e.entryId, now, why);
};

/** R-SEAT-1, R-SEAT-6: after the draw or the final-table draw, every seated player learns where to go. */
const seatsDrawn: Notifier = (state, event, now) => {
  const e = event as { type: string; drawId?: string; tableId?: string };
  const key = e.drawId ?? e.tableId ?? String(now);
  const ref = `${state.id}.seat.assigned.${key}`;
  return recordIds(state.seating?.seatOf).flatMap((entryId) => {
    const d = seatDraft(
      state,
      'seat.assigned',
      key,
      entryId,
      now,
      e.type === 'seating.drawn' ? 'your seat' : 'the final table, your seat',
      ref,
    );
    return d ? [d] : [];
  });
};

/** A busted player learns it (pushed: the player may have left the table already). */
const knockedOut: Notifier = (state, event, now) => {
  const e = event as Partial<Extract<TournamentEvent, { type: 'entry.busted' }>>;
  if (typeof e.playerId !== 'string' || typeof e.entryId !== 'string') return null;
  return {
    audience: { playerId: e.playerId },
    notification: base(state, 'knockout', now, `${e.entryId}.${now}`, 'you were knocked out', { entryId: e.entryId }),
  };
};

/** R-TICKET-2: the free-entry rows covering a final place, as the finish issues their tickets. */
const ticketsWon = (state: StoredTournament, now: number): Draft[] => {
  const rows = ((state.settings.prizes ?? []) as SeasonPrizeRow[]).filter(isFreeEntryRow);
  if (rows.length === 0 || !state.results) return [];
  return state.results.rows.flatMap((r) =>
    rows
      .map((row, i) => ({ row, i }))
      .filter(({ row }) => ('place' in row ? row.place === r.place : row.placeFrom <= r.place && r.place <= row.placeTo))
      .map(({ row, i }) => ({
        audience: { playerId: r.playerId },
        notification: base(state, 'ticket.issued', now, `${r.playerId}.${i}`, row.description ?? freeEntryLabel(row.freeEntry), {
          place: r.place,
          target: row.freeEntry.target,
          validDays: row.freeEntry.validDays,
        }),
      })),
  );
};

/** R-PLC-1..3: when the tournament finishes, each player learns the place and the prize, and the tickets won. */
const finished: Notifier = (state, event, now) => {
  const e = event as Extract<TournamentEvent, { type: 'tournament.status_changed' }>;
  if (e.to !== 'finished' || !state.results) return null;
  return [...resultDrafts(state, now), ...ticketsWon(state, now)];
};

const resultDrafts = (state: StoredTournament, now: number): Draft[] =>
  (state.results?.rows ?? []).map((r) => ({
    audience: { playerId: r.playerId },
    ref: `${state.id}.result`,
    notification: base(state, 'result', now, `result.${r.playerId}`, `you finished ${r.place}${r.prize ? `: ${r.prize}` : ''}`, {
      place: r.place,
      knockouts: r.knockouts,
      ...(r.prize ? { prize: r.prize } : {}),
    }),
  }));

/**
 * Event type -> what to tell whom. Other modules add theirs (seat changes, results) with
 * `addTournamentNotifier`, so that one call publishes everything a change concerns.
 */
const NOTIFIERS = new Map<string, Notifier>([
  ['level.started', levelStarted],
  ['break.started', breakChanged],
  ['break.ended', breakChanged],
  ['registration.cancelled', registrationCancelled],
  ['registration.absent', registrationAbsent],
  ['registration.promoted', registrationPromoted],
  ['seating.player_moved', playerMoved],
  ['seating.drawn', seatsDrawn],
  ['seating.final_table_assembled', seatsDrawn],
  ['tournament.status_changed', finished],
  ['entry.busted', knockedOut],
]);

export function addTournamentNotifier(type: string, notify: Notifier): void {
  NOTIFIERS.set(type, notify);
}

/** Players holding a live (not cancelled) registration in the tournament. */
export function registeredPlayers(state: StoredTournament): string[] {
  const ids = new Set<string>();
  for (const r of recordValues(state.registrations)) if (r.status !== 'cancelled') ids.add(r.playerId);
  return [...ids];
}

/**
 * Publishes what the committed events of one change mean to players, with the state they left. The
 * stream consumer calls it with `throwOnFailure`, so that a failed publish is retried (ids are derived
 * from the event: a retry is the same notification); elsewhere failures are logged.
 */
export async function notifyTournamentEvents(
  state: StoredTournament,
  events: readonly { type: string }[],
  now: number = Date.now(),
  opts: { throwOnFailure?: boolean } = {},
): Promise<void> {
  const drafts = events.flatMap((e) => {
    const d = NOTIFIERS.get(e.type)?.(state, e, now);
    return d ? (Array.isArray(d) ? d : [d]) : [];
  });
  if (drafts.length === 0) return;
  const registered = drafts.some((d) => d.audience === 'registered') ? registeredPlayers(state) : [];
  try {
    // Few of them: levels, breaks; each is one item for the whole tournament.
    for (const d of drafts) if (d.audience === 'registered') await notifier().publish(registered, d.notification, { tournamentWide: true });
    // A draw tells every player their seat, a finish their place: once for the event, by reference; the
    // other players' own notifications in one batched publish.
    const own: PersonalNotification[] = [];
    const byRef = new Map<string, PersonalNotification[]>();
    for (const d of drafts) {
      if (d.audience === 'registered') continue;
      const item = { playerId: d.audience.playerId, notification: d.notification };
      if (!d.ref) own.push(item);
      else if (byRef.has(d.ref)) byRef.get(d.ref)?.push(item);
      else byRef.set(d.ref, [item]);
    }
    await publishEach(notifier(), own);
    for (const [ref, items] of byRef) await publishByReference(notifier(), ref, items);
  } catch (e) {
    if (opts.throwOnFailure) throw e;
    logger.error('notifications not published', { tournamentId: state.id, error: (e as Error).message });
  }
}
