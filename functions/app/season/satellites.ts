import { recordValues } from '../../../domain/core/record-map';
import { ruleError } from '../../../domain/core/errors';
import type { Context } from '../../../domain/core/context';
import type { TicketTarget } from '../../../domain/season';
import { finishSatelliteOnFloor, satelliteFinalPlaces, satelliteSetting, type SatelliteFinish } from '../../../domain/floor/satellite';
import type { SatelliteSetting } from '../../../domain/tournaments/satellite-settings';
import { entities } from '../../store/entities';
import { batchGet } from '../../store/entities/items';
import { getSeries } from '../../store/series-store';
import { loadTournament, type StoredTournament } from '../../store/tournament-store';
import { NotFound } from '../../runtime/errors';

/*
 * R-SAT-1..3 in the store: a satellite's target must be an open event of the club when it is set, and at
 * the finish the winners already in the target are found (a live registration in the target tournament,
 * or an issued or used ticket of this club to the same target) before the seats are handed out.
 */

const targetNotFound = (what: string) => new NotFound('SATELLITE_TARGET_NOT_FOUND', `No such ${what} in this club`);

/** A ticket target naming a tournament or series of the club must name one that exists and is still to be played. */
async function requireOpenTarget(clubId: string, selfId: string | undefined, target: TicketTarget, field: string): Promise<void> {
  if (target.kind === 'series') {
    if (!(await getSeries(clubId, target.seriesId))) throw targetNotFound('series');
    return;
  }
  if (target.kind !== 'tournament') return;
  if (target.tournamentId === selfId)
    throw ruleError('SATELLITE_TARGET_INVALID', 'A satellite cannot award seats in itself (R-SAT-1)', [
      { field, message: 'names this tournament' },
    ]);
  const t = await loadTournament(clubId, target.tournamentId);
  if (!t) throw targetNotFound('tournament');
  if (t.state.status === 'finished' || t.state.status === 'cancelled')
    throw ruleError('SATELLITE_TARGET_INVALID', `The target tournament is ${t.state.status} (R-SAT-1)`, [
      { field, message: 'must be a tournament still to be played' },
    ]);
}

/** R-SAT-1: checks the satellite setting's targets (404 for an unknown id, 422 for itself or a closed one). */
export async function checkSatelliteTargets(clubId: string, selfId: string | undefined, s: SatelliteSetting | undefined): Promise<void> {
  if (!s) return;
  const target: TicketTarget =
    s.targetTournamentId !== undefined
      ? { kind: 'tournament', tournamentId: s.targetTournamentId }
      : { kind: 'series', seriesId: s.targetSeriesId as string };
  await requireOpenTarget(clubId, selfId, target, 'satellite.target');
  if (s.otherEventTarget) await requireOpenTarget(clubId, selfId, s.otherEventTarget, 'satellite.otherEventTarget');
}

const sameTarget = (a: TicketTarget, b: TicketTarget): boolean =>
  (a.kind === 'tournament' && b.kind === 'tournament' && a.tournamentId === b.tournamentId) ||
  (a.kind === 'series' && b.kind === 'series' && a.seriesId === b.seriesId);

/**
 * R-SAT-3: which of these players already hold a seat or a registration in the satellite's target:
 * the target tournament's live registrations (one read), and the players' tickets of this club to the
 * same target (one query per player still in contention, at most the seats a finish issues, then one batch).
 */
export async function playersInTarget(state: StoredTournament, candidates: readonly string[]): Promise<Set<string>> {
  const s = satelliteSetting(state);
  if (!s || candidates.length === 0) return new Set();
  const inTarget = new Set<string>();
  const target: TicketTarget =
    s.targetTournamentId !== undefined
      ? { kind: 'tournament', tournamentId: s.targetTournamentId }
      : { kind: 'series', seriesId: s.targetSeriesId as string };
  const wanted = new Set(candidates);
  if (target.kind === 'tournament') {
    const t = await loadTournament(state.clubId, target.tournamentId);
    for (const r of recordValues(t?.state.registrations)) if (r.status !== 'cancelled' && wanted.has(r.playerId)) inTarget.add(r.playerId);
  }
  const pointers = await Promise.all(
    [...wanted].map((holderId) =>
      entities()
        .heldTicket.query.primary({ holderId })
        .where((a, op) => op.eq(a.clubId, state.clubId))
        .go({ pages: 'all' }),
    ),
  );
  const keys = pointers.flatMap((p) => p.data.map((x) => ({ clubId: x.clubId, ticketId: x.ticketId })));
  const tickets = await batchGet(keys, (batch) => entities().ticket.get(batch).go({ unprocessed: 'item' }));
  for (const row of tickets) {
    const t = row.record as { holderId: string; target: TicketTarget; status: string };
    if ((t.status === 'issued' || t.status === 'used') && sameTarget(t.target, target)) inTarget.add(t.holderId);
  }
  return inTarget;
}

/**
 * R-SAT-2, R-SAT-3: the satellite's finish decided on the state given. The winners are looked up in
 * the target first; with pass_to_next, each seat passed on sends the lookup down the next places, a
 * round of at most as many players as seats are still to hand out (one round when nobody is in the target).
 */
export async function decideSatelliteFinish(state: StoredTournament, ctx: Context): Promise<SatelliteFinish> {
  const places = satelliteFinalPlaces(state, ctx);
  const setting = satelliteSetting(state);
  const winners = places.filter((p) => p.winner).map((p) => p.playerId);
  const inTarget = await playersInTarget(state, winners);
  if (setting?.alreadyInTarget !== 'other_event') {
    const rest = places.filter((p) => !p.winner).sort((a, b) => a.place - b.place);
    let owed = winners.filter((w) => inTarget.has(w)).length;
    let at = 0;
    while (owed > 0 && at < rest.length) {
      // A shared place is looked up whole: its seats may be settled by lot among those not in the target.
      let end = Math.min(rest.length, at + owed);
      while (end < rest.length && rest[end]?.place === rest[end - 1]?.place) end += 1;
      const round = rest.slice(at, end).map((p) => p.playerId);
      at = end;
      const found = await playersInTarget(state, round);
      for (const id of found) inTarget.add(id);
      owed -= round.length - found.size;
    }
  }
  return finishSatelliteOnFloor(state, places, inTarget, ctx);
}
