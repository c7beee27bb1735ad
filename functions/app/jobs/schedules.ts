import { pendingLevelEnd } from '../../../domain/clock';
import type { LevelEndJob } from '../../../domain/clock';
import { jobName, scheduler } from '../../adapters/scheduler';
import type { ScheduledJob } from '../../adapters/scheduler';
import { logger } from '../../runtime/logger';
import { count } from '../../runtime/metrics';
import { entities } from '../../store/entities';
import { keyOf, recordOf } from '../../store/entities/items';
import { NOTHING_PREFETCHED, prefetchedItem, type ItemKey, type Prefetched } from '../../runtime/prefetch';
import type { StoredTournament } from '../../store/tournament-store';
import type { LevelEndPayload, NoShowsPayload } from './payloads';
import { startingSoonJobOf } from './starting-soon';

/*
 * Which jobs a tournament has pending, derived from its stored state alone, and how they follow its
 * committed events. Level-end names carry the timer's (revision, level), so each names exactly one level
 * end (see docs/decisions/clock.md): a schedule written late by a slower writer can only ever be a stale
 * job, never hide the current one, and creating one twice is the same job.
 *
 * The table's stream is the outbox: the stream consumer (functions/projections) makes and drops the
 * schedules an event calls for, and a scheduler failure fails that record, so the stream delivers it
 * again. Each failure counts `SchedulingFailed` (an alarm watches it, infra/stack.ts).
 */

export const levelEndJobName = (tournamentId: string, job: { revision: number; levelIndex: number }): string =>
  jobName('lvl', tournamentId, `r${job.revision}`, `l${job.levelIndex}`);

export const noShowJobName = (tournamentId: string): string => jobName('noshow', tournamentId);

/** The metric of a schedule the scheduler refused or never answered. */
export const SCHEDULING_FAILED = 'SchedulingFailed';

function pendingOf(state: StoredTournament): LevelEndJob | null {
  if (!state.clock || state.status !== 'running') return null;
  return pendingLevelEnd(state.clock.timer, state.clock.structure);
}

function levelEndJobFor(state: StoredTournament, pending: LevelEndJob): ScheduledJob {
  const payload: LevelEndPayload = {
    kind: 'level-end',
    clubId: state.clubId,
    tournamentId: state.id,
    revision: pending.revision,
    levelIndex: pending.levelIndex,
  };
  return { name: levelEndJobName(state.id, pending), at: pending.at, payload };
}

/** The level-end job this state wants, or null (not started, paused, finished, not running). */
export function levelEndJobOf(state: StoredTournament): ScheduledJob | null {
  const pending = pendingOf(state);
  return pending ? levelEndJobFor(state, pending) : null;
}

/** The no-show job (R-NOSHOW-1): from the opening of registration until the tournament ends. */
export function noShowJobOf(state: StoredTournament): ScheduledJob | null {
  if (state.status !== 'registration_open' && state.status !== 'running') return null;
  const payload: NoShowsPayload = { kind: 'no-shows', clubId: state.clubId, tournamentId: state.id };
  return { name: noShowJobName(state.id), at: state.settings.lateRegEndsAt, payload };
}

type LevelEndMark = { revision: number; levelIndex: number };
const olderThan = (a: LevelEndMark, b: LevelEndMark): boolean =>
  a.revision < b.revision || (a.revision === b.revision && a.levelIndex < b.levelIndex);

/**
 * Arms the level end the state wants unless it, or a later one, is armed already (the armed-level-end
 * item): a redelivered event sends nothing, a state older than what is armed changes nothing. The mark
 * is written after the scheduler took the job, so a failed create leaves it behind. Throws what the
 * scheduler throws. Answers whether a job was sent.
 */
/** The armed level end's item, for a read of the clock to fetch with its authorization. */
export const armedLevelEndKey = (tournamentId: string): ItemKey => keyOf(entities().armedLevelEnd.get({ tournamentId }));

async function armLevelEnd(state: StoredTournament, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<boolean> {
  const pending = pendingOf(state);
  if (!pending) return false;
  const item = prefetchedItem(prefetched, armedLevelEndKey(state.id));
  const armedLevelEnd = entities().armedLevelEnd;
  const armed =
    item !== undefined
      ? recordOf(armedLevelEnd, item)
      : (await armedLevelEnd.get({ tournamentId: state.id }).go({ consistent: true })).data;
  if (armed && !olderThan(armed, pending)) return false;
  const job = levelEndJobFor(state, pending);
  await scheduler().create(job);
  const { revision, levelIndex } = pending;
  // A refused condition is a later level end armed meanwhile: it stays.
  await entities()
    .armedLevelEnd.put({ tournamentId: state.id, name: job.name, revision, levelIndex })
    .where(
      (a, { notExists, lt, eq }) =>
        `${notExists(a.revision)} OR ${lt(a.revision, revision)} OR (${eq(a.revision, revision)} AND ${lt(a.levelIndex, levelIndex)})`,
    )
    .go({ returnOnConditionCheckFailure: true });
  return true;
}

/** A job whose name stays while its time may move (the no-show run, the reminder): replaced when it moved, dropped when no longer wanted. */
async function follow(was: ScheduledJob | null, wanted: ScheduledJob | null): Promise<void> {
  if (wanted && (was?.name !== wanted.name || was.at !== wanted.at)) await scheduler().schedule(wanted);
  else if (!wanted && was) await scheduler().cancel(was.name);
}

/** One committed event of a tournament: the state before it (none for the first) and after, and when it was committed. */
export interface TournamentChange {
  before: StoredTournament | undefined;
  after: StoredTournament;
  at: number;
}

/**
 * The schedules one committed event calls for, made by the stream consumer: the level end the clock now
 * wants armed (also when the event did not move the clock, which re-arms one lost earlier) and the one
 * it had dropped; the no-show run (R-NOSHOW-1) and the players' reminder when the status or the times
 * moved them. Idempotent by event version: a create that meets its name is success, so is a delete that
 * finds nothing. A scheduler failure is counted and thrown, so that the record is delivered again.
 */
export async function syncTournamentJobs({ before, after, at }: TournamentChange): Promise<void> {
  try {
    // The new level end first: a failure in between leaves a stale job (harmless), never none.
    await armUnlessSeen(after, seenByEvents);
    const dropped = before ? levelEndJobOf(before) : null;
    if (dropped && dropped.name !== levelEndJobOf(after)?.name) await scheduler().cancel(dropped.name);
    await follow(before ? noShowJobOf(before) : null, noShowJobOf(after));
    await follow(before ? startingSoonJobOf(before, at) : null, startingSoonJobOf(after, at));
  } catch (e) {
    count(SCHEDULING_FAILED);
    logger.warn('scheduling failed; the event is delivered again', { tournamentId: after.id, error: (e as Error).message });
    throw e;
  }
}

/**
 * Level ends this container has seen armed, per tournament, once by the events' path and once by reads:
 * the consumer's events between two level ends (knockouts, settlements) and a screen's polls check the
 * armed mark once per level, not once each. Two maps: the reads' check is the net under the events'
 * path, so it does not trust what that path remembers (they share a process in the tests and locally).
 */
type Seen = Map<string, string>;
const seenByEvents: Seen = new Map();
const seenByReads: Seen = new Map();
const MAX_SEEN = 1_000;

/** Arms the state's level end unless `seen` holds that very job; a create that failed is not remembered, so it is tried again. */
async function armUnlessSeen(state: StoredTournament, seen: Seen, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<boolean> {
  const job = levelEndJobOf(state);
  if (!job || seen.get(state.id) === job.name) return false;
  const sent = await armLevelEnd(state, prefetched);
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(state.id, job.name);
  return sent;
}

/** The armed mark a read of this state still has to check (none when no level end is pending or it was seen armed). */
export function levelEndToCheck(state: StoredTournament): ItemKey | undefined {
  const job = levelEndJobOf(state);
  return job && seenByReads.get(state.id) !== job.name ? armedLevelEndKey(state.id) : undefined;
}

/**
 * On a read of a running clock (and a level-end job that found its level gone): arms the level end again
 * when none is armed for it, or an older one is (a create that failed every retry of its event). Never
 * throws: the clock reads right from time alone, and the failure is counted.
 */
export async function rearmLevelEnd(state: StoredTournament, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<void> {
  try {
    const job = levelEndJobOf(state);
    if (await armUnlessSeen(state, seenByReads, prefetched))
      logger.warn('level end armed again', { tournamentId: state.id, job: job?.name });
  } catch (e) {
    count(SCHEDULING_FAILED);
    logger.error('level end not armed again', { tournamentId: state.id, error: (e as Error).message });
  }
}
