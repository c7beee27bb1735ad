import { jobName, scheduler } from '../adapters/scheduler';
import { logger } from '../runtime/logger';
import { eachBounded } from '../runtime/bounded';
import { purgeIdempotencyRecords, userScope } from '../platform/idempotency';
import { entities, store } from '../store/entities';
import { conditionRefused } from '../store/entities/items';
import { writeAll } from '../store/batch-write';
import { changeResultName } from '../store/result-names';
import { pseudonymiseInDuplicateEvents } from './duplicate/players';
import { forgetDevicesPass } from '../adapters/push/devices';
import { pushAdapter } from '../adapters/push';
import { forgetHeldTicketsPass } from './season/tickets';
import { ERASURE_STEPS, type ErasureStep } from '../../domain/players/erasure-steps';

/*
 * Erasing an account (R-PD-1) as a resumable job. The request erases the profile and records the erasure
 * in one transaction; then the steps below run, a few at a time, each until it has nothing left or the
 * time given runs out, and each marks itself done on the erasure item. Every step deletes or rewrites only
 * what is still there, so running one again (a retried request, the job, both at once) is harmless. What
 * the request leaves undone the scheduled job finishes, rescheduling itself until the erasure is closed.
 */

/** What an erased profile shows where other people see players (results, seat lists). */
export const DELETED_PLAYER_NAME = 'Deleted player';
export const ERASED_FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'city', 'phone', 'email'] as const;

export { ERASURE_STEPS, type ErasureStep };

/** Steps running at a time, and writes in flight within a step. */
const STEP_PARALLEL = 3;
const WRITE_PARALLEL = 4;
/** The least time DELETE /v1/me works before answering 202 (one pass of a step takes well under 1 s). */
export const ERASURE_REQUEST_BUDGET_MS = 4_000;
/** What the request keeps of the function's time for a pass begun at the end and the answer (API functions: 15 s, so 10 s of work). */
export const ERASURE_ANSWER_MARGIN_MS = 5_000;
/** How long one run of the job works (the jobs function times out at 120 s). */
export const ERASURE_JOB_BUDGET_MS = 60_000;
/** Between runs of the job while steps remain. */
const JOB_PAUSE_MS = 1_000;
/** When the job looks in after a request that may yet finish alone (or die half-way). */
const SAFETY_NET_MS = 60_000;

export const erasureJobName = (userId: string): string => jobName('erasure', userId);

/** A step's work until `deadline`: true once nothing is left. */
type StepRun = (userId: string, deadline: number) => Promise<boolean>;

const STEPS: Record<ErasureStep, StepRun> = {
  // The feed is no record the law keeps: it goes (it would expire anyway).
  feed: async (userId, deadline) => {
    const notifications = entities().notification;
    while (Date.now() < deadline) {
      const page = await notifications.query
        .primary({ playerId: userId })
        .go({ limit: 100, attributes: ['playerId', 'at', 'notificationId'] });
      if (page.data.length === 0) return true;
      await writeAll(
        page.data.map((n) => ({ DeleteRequest: { Key: notifications.delete(n).params<{ Key: Record<string, unknown> }>().Key } })),
        WRITE_PARALLEL,
      );
    }
    return false;
  },
  // The stored answers of the person's own POSTs (the sign-up's holds the whole profile): a day's worth, a few.
  idempotency: async (userId) => {
    await purgeIdempotencyRecords(userScope(userId));
    return true;
  },
  // The phones registered for pushes (their tokens are personal data) go, at the push service too.
  devices: async (userId, deadline) => {
    const unregister = (endpoint: string) =>
      pushAdapter()
        ?.unregister(endpoint)
        .catch(() => undefined) ?? Promise.resolve();
    while (Date.now() < deadline) if (!(await forgetDevicesPass(userId, unregister)).more) return true;
    return false;
  },
  // A club's staff list names its members: the name the owner typed goes from each membership; the role stays.
  memberships: async (userId) => {
    const { data } = await entities().member.query.byUser({ userId }).go({ pages: 'all' });
    await eachBounded(data, WRITE_PARALLEL, (m) =>
      entities()
        .member.patch({ clubId: m.clubId, userId })
        .remove(['displayName'])
        .go()
        .catch((e: unknown) => {
          // The club removed the member meanwhile: no name left there.
          if (!conditionRefused(e)) throw e;
        }),
    );
    return true;
  },
  // Results keep the names of their players in one item per tournament: the erased name goes from each.
  results: async (userId, deadline) => {
    const { data } = await entities()
      .playerRegistration.query.byPlayer({ playerId: userId })
      .go({ pages: 'all', attributes: ['clubId', 'tournamentId'] });
    for (let i = 0; i < data.length; i += 50) {
      if (Date.now() >= deadline) return false;
      await eachBounded(data.slice(i, i + 50), WRITE_PARALLEL, (t) => changeResultName(userId, [t], 'erase'));
    }
    return true;
  },
  // Duplicate events hold the name the floor typed: it becomes the pseudonym there too.
  duplicate: async (userId) => {
    await pseudonymiseInDuplicateEvents(userId, DELETED_PLAYER_NAME);
    return true;
  },
  // Free entries: unused ones are revoked, every one stays the club's by player id; the player's index of them goes.
  tickets: (userId, deadline) => forgetHeldTicketsPass(userId, deadline),
};

export interface ErasureProgress {
  userId: string;
  deletedAt: string;
  done: ErasureStep[];
  left: ErasureStep[];
  finished: boolean;
}

const progressOf = (userId: string, record: { requestedAt: string; done?: string[] | undefined; finishedAt?: string | undefined }) => {
  const done = ERASURE_STEPS.filter((s) => record.done?.includes(s));
  return {
    userId,
    deletedAt: record.requestedAt,
    done,
    left: ERASURE_STEPS.filter((s) => !done.includes(s)),
    finished: record.finishedAt !== undefined,
  };
};

async function readErasure(userId: string) {
  return (await entities().erasure.get({ userId }).go({ consistent: true })).data;
}

/** Runs the steps still missing until `deadline`, a few at a time; closes the erasure once every step is done. */
export async function continueErasure(userId: string, deadline: number): Promise<ErasureProgress | undefined> {
  const record = await readErasure(userId);
  if (!record) return undefined;
  if (record.finishedAt) return progressOf(userId, record);
  const left = progressOf(userId, record).left;
  await eachBounded(left, STEP_PARALLEL, async (step) => {
    if (Date.now() >= deadline) return;
    try {
      if (await STEPS[step](userId, deadline))
        await entities()
          .erasure.update({ userId })
          .add({ done: [step] })
          .go();
    } catch (e) {
      // An overloaded or failing store leaves the step to the next run: the request still answers (202).
      logger.warn('erasure step left for later', { userId, step, error: (e as Error).message });
    }
  });
  const after = await readErasure(userId);
  if (!after) return undefined;
  const progress = progressOf(userId, after);
  if (progress.left.length > 0 || progress.finished) return progress;
  const finishedAt = new Date().toISOString();
  await entities()
    .erasure.patch({ userId })
    .set({ finishedAt })
    .where((e, { notExists }) => notExists(e.finishedAt))
    .go()
    .catch((e: unknown) => {
      // Another run closed it first.
      if (!conditionRefused(e)) throw e;
    });
  return { ...progress, finished: true };
}

/** Has the job come (again) at `at`; a failure is logged: the next request or run of the job schedules it anew. */
async function scheduleJob(userId: string, at: number): Promise<void> {
  try {
    await scheduler().schedule({ name: erasureJobName(userId), at, payload: { kind: 'erasure', userId } });
  } catch (e) {
    logger.error('erasure job not scheduled', { userId, error: (e as Error).message });
  }
}

export type ErasureStart =
  | { kind: 'no_profile' }
  /** Erased before, nothing left to do: the account is gone (410). */
  | { kind: 'erased' }
  | { kind: 'progress'; progress: ErasureProgress; consentAt: string };

/**
 * DELETE /v1/me: erases the profile and records the erasure (or finds the one recorded before, also one
 * left half-done by a request that stopped before erasures were recorded), then works until `budgetMs`
 * has passed. An erasure still unfinished has the job finish it.
 */
export async function requestErasure(userId: string, now: number, budgetMs = ERASURE_REQUEST_BUDGET_MS): Promise<ErasureStart> {
  const deadline = now + budgetMs;
  const { data: profile } = await entities().player.get({ userId }).go({ consistent: true });
  if (!profile) return { kind: 'no_profile' };
  const at = new Date(now).toISOString();
  let record = await readErasure(userId);
  if (record?.finishedAt) return { kind: 'erased' };
  if (!record) {
    const { canceled } = await store()
      .transaction.write(({ player, erasure }) => [
        ...(profile.deletedAt
          ? []
          : [
              player
                .patch({ userId })
                .set({ displayName: DELETED_PLAYER_NAME, adult: true, consentWithdrawnAt: at, deletedAt: at, updatedAt: at })
                .remove([...ERASED_FIELDS])
                .where((p, { notExists }) => notExists(p.deletedAt))
                .commit(),
            ]),
        erasure.create({ userId, requestedAt: profile.deletedAt ?? at }).commit(),
      ])
      .go();
    // A concurrent DELETE recorded it first: continue that one.
    if (canceled && !(await readErasure(userId))) throw new Error(`erasure of ${userId} neither recorded nor found`);
    record = await readErasure(userId);
  }
  await scheduleJob(userId, now + SAFETY_NET_MS);
  const progress = (await continueErasure(userId, deadline)) ?? progressOf(userId, record!);
  if (progress.finished) {
    await scheduler()
      .cancel(erasureJobName(userId))
      .catch(() => undefined);
  } else {
    await scheduleJob(userId, Date.now());
  }
  const { data: kept } = await entities()
    .player.get({ userId })
    .go({ consistent: true, attributes: ['consentAt'] });
  return { kind: 'progress', progress, consentAt: kept?.consentAt ?? profile.consentAt };
}

/** The scheduled job: continues the erasure and has itself come again while steps remain. */
export async function runErasureJob(job: { userId: string }, now: number): Promise<'erased' | 'continues' | 'no_erasure'> {
  const progress = await continueErasure(job.userId, now + ERASURE_JOB_BUDGET_MS);
  if (!progress) return 'no_erasure';
  if (progress.finished) return 'erased';
  // Steps that failed (not only ran out of time) are tried again after a pause.
  await scheduleJob(job.userId, Date.now() + JOB_PAUSE_MS);
  return 'continues';
}

/** What the answer of a finished erasure says remains: the registrations and club roles the clubs keep. */
export async function keptRecords(userId: string) {
  const [registrations, memberships] = await Promise.all([
    entities()
      .playerRegistration.query.byPlayer({ playerId: userId })
      .go({ pages: 'all', attributes: ['clubId', 'tournamentId'] }),
    entities().member.query.byUser({ userId }).go({ pages: 'all' }),
  ]);
  return { registrations: registrations.data.length, memberships: memberships.data.map((m) => ({ clubId: m.clubId, role: m.role })) };
}
