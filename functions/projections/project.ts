import { recordAt, recordCount } from '../../domain/core/record-map';
import { playerRegistrations } from '../../domain/floor/field-views';
import { blocksParallel, tournamentWindow, type TournamentWindow } from '../../domain/tournaments';
import { writePlayerRows } from '../store/player-registration-rows';
import type { StoredTournament } from '../store/tournament-store';
import { addToSchedules, refreshScheduled, type ScheduleAddition } from '../store/player-schedule';
import { notifyTournamentEvents } from '../adapters/notifications/tournament-notifications';
import { changedPlayerRows, touchedPlayers } from '../app/tournaments/player-rows';
import { followLevelAsks } from './level-asks';
import { namesAtFinish } from './result-names';
import { standingsAtFinish } from './league-standings';
import { ratingAtFinish } from './rating';
import { fanOutEvent } from '../live/fan-out';
import { syncTournamentJobs } from '../app/jobs/schedules';
import type { ProjectedEvent } from './projected-event';
import { eachBounded } from '../runtime/bounded';

/** Schedule updates in flight at once (one conditional update each). */
const PARALLEL = 16;

type Standing = { registrationId: string; live: boolean; cancelled: boolean; window: TournamentWindow };

/** Each touched player's standing in the tournament (R-REG-1): the live registration, or the newest one. */
function standings(s: StoredTournament | undefined, players: ReadonlySet<string>): Map<string, Standing> {
  const out = new Map<string, Standing>();
  if (!s || players.size === 0) return out;
  const window = tournamentWindow(s.settings);
  const chosen = new Map<string, StoredTournament['registrations'][string]>();
  for (const playerId of players) {
    for (const r of playerRegistrations(s, playerId)) {
      const c = chosen.get(r.playerId);
      const better = !c || (c.status === 'cancelled' && (r.status !== 'cancelled' || r.seq > c.seq));
      if (better) chosen.set(r.playerId, r);
    }
  }
  for (const [playerId, reg] of chosen) {
    const entry = reg.entryId ? recordAt(s.entries, reg.entryId) : undefined;
    const live = blocksParallel({
      tournamentId: s.id,
      registrationId: reg.id,
      registrationStatus: reg.status,
      tournamentStatus: s.status,
      window,
      eliminated: entry !== undefined && entry.status !== 'active',
    });
    out.set(playerId, { registrationId: reg.id, live, cancelled: reg.status === 'cancelled', window });
  }
  return out;
}

/**
 * R-REG-1 schedules follow the players' registrations: released when a player is out (cancelled,
 * eliminated), taken again on a re-entry. A tournament that finishes or moves is checked by the next
 * registration itself (it reads the tournaments its schedule lists), so no event updates every player.
 */
async function refreshSchedules(p: ProjectedEvent, touched: ReadonlySet<string>): Promise<void> {
  // A tournament created with its registrations (imports, tests) has no schedules to follow.
  if (!p.before) return;
  const was = standings(p.before, touched);
  const now = standings(p.after, touched);
  // A day 2's field is made from the bag in one event: no registering transaction wrote its schedules.
  const field = p.event.events.some((e) => e.type === 'day2.qualified');
  const added: ScheduleAddition[] = [];
  const changed = [...now].filter(([playerId, n]) => {
    const w = was.get(playerId);
    if (!w && field && n.live) {
      added.push({
        playerId,
        entry: { clubId: p.clubId, tournamentId: p.tournamentId, registrationId: n.registrationId, ...n.window, live: true },
      });
      return false;
    }
    // A new live registration: its own transaction wrote this very entry (scheduleWrite), window and all.
    if (!w) return !n.live || n.cancelled;
    return w.registrationId !== n.registrationId || w.live !== n.live || w.cancelled !== n.cancelled;
  });
  await addToSchedules(added, p.event.at);
  await eachBounded(changed, PARALLEL, ([playerId, n]) =>
    refreshScheduled(playerId, p.clubId, p.tournamentId, n.registrationId, n.window, n.live, n.cancelled),
  );
}

/**
 * What one committed event means outside its tournament: the by-player index rows of the players it
 * touched (my registrations), their R-REG-1 schedules and level asks, the players' notifications, and the jobs it calls
 * for (level ends, the no-show run, the reminder). Each part is idempotent: rows are guarded by version,
 * schedule updates by registration id, notifications have ids derived from the event, jobs have names
 * that say what they are.
 */
export async function projectEvent(p: ProjectedEvent): Promise<void> {
  const touched = touchedPlayers(p.before, p.after, p.event.patch);
  // Only the rows the event changed; without the state just before it (a redelivery), every touched row.
  const previous = p.before !== p.after ? p.before : undefined;
  // The parts write items of their own and each is idempotent, so they go side by side: an event waits for
  // the longest, not the sum (the stream hands one tournament's events in order, so no two events overlap).
  // Every part is let finish before a failure is reported, so that a retry never runs beside one.
  const parts = await Promise.allSettled([
    writePlayerRows(p.clubId, p.tournamentId, p.version, changedPlayerRows(previous, p.after, touched), recordCount(p.after.registrations)),
    refreshSchedules(p, touched),
    followLevelAsks(p, touched),
    notifyTournamentEvents(p.after, p.event.events, p.event.at, { throwOnFailure: true }),
    namesAtFinish(p),
    syncTournamentJobs({ before: p.before, after: p.after, at: p.event.at }),
    standingsAtFinish(p),
    ratingAtFinish(p),
  ]);
  for (const r of parts) if (r.status === 'rejected') throw r.reason;
  // Live updates last: their version mark then means the projections above are done too.
  await fanOutEvent(p);
}
