import { nextTransitionAt, onLevelEnd } from '../../domain/clock';
import type { ClockEvent } from '../../domain/clock';
import { NotFound } from '../app/errors';
import { logger } from '../platform/logger';
import { scheduler } from '../adapters/scheduler';
import { mutateTournament } from '../store/tournament-store';
import type { StoredTournament } from '../store/tournament-store';
import { publishTournamentEvents } from '../http/tournament-events';
import type { JobDeps } from './context';
import type { LevelEndPayload } from './payloads';
import { storeTimer, type DeadStackEvent } from '../../domain/floor/dead-stacks';
import { jobContext } from './context';
import { levelEndJobName, syncLevelEnd } from './schedules';

export type LevelEndOutcome = 'advanced' | 'stale' | 'not_due' | 'gone';

/**
 * R-CLK-5: a scheduled level end. Applies domain `onLevelEnd` under the tournament's version check:
 * - advanced: every level end up to now is persisted, the events are published, the next end scheduled;
 * - stale (the clock moved on, was paused, or the tournament stopped): nothing changes; the pending
 *   job of the current state is scheduled again in case an earlier scheduling was lost;
 * - not_due (early delivery): nothing changes; waits in-process when the end is near, else reschedules.
 * A duplicate delivery finds the level already moved and is stale, so at-least-once delivery is harmless.
 */
export async function runLevelEnd(p: LevelEndPayload, deps: JobDeps): Promise<LevelEndOutcome> {
  const fired = levelEndJobName(p.tournamentId, p);
  for (let attempt = 0; ; attempt++) {
    const now = deps.now();
    let outcome = 'stale' as LevelEndOutcome;
    let dueAt = null as number | null;
    let result: { state: StoredTournament; events: (ClockEvent | DeadStackEvent)[] };
    try {
      result = await mutateTournament<ClockEvent | DeadStackEvent>(p.clubId, p.tournamentId, (state) => {
        if (state.status !== 'running' || !state.clock) {
          outcome = 'stale';
          return { state, events: [] };
        }
        const r = onLevelEnd(state.clock.timer, state.clock.structure, now, p);
        outcome = r.outcome;
        if (r.outcome !== 'advanced') {
          dueAt = nextTransitionAt(state.clock.timer, state.clock.structure);
          return { state, events: [] };
        }
        // R-NOSHOW-2: the forced-bet count moves with the clock and empties the dead stacks it reaches.
        const stored = storeTimer({ ...state, clock: state.clock, updatedAt: now }, r.timer, state.clock.structure, jobContext(now));
        return { state: stored.state, events: [...r.events, ...stored.events] };
      });
    } catch (e) {
      if (e instanceof NotFound) return 'gone';
      throw e;
    }
    if (outcome === 'advanced') {
      await syncLevelEnd(result.state, fired);
      await publishTournamentEvents(result.state, result.events);
      logger.info('level end applied', { tournamentId: p.tournamentId, events: result.events.length });
      return outcome;
    }
    if (outcome === 'stale') {
      await syncLevelEnd(result.state, null);
      return outcome;
    }
    const due = dueAt ?? now;
    if (attempt === 0 && due - now <= deps.maxEarlyWaitMs) {
      await deps.sleep(Math.max(0, due - now) + 10);
      continue;
    }
    await scheduler().schedule({ name: fired, at: due, payload: p });
    return outcome;
  }
}
