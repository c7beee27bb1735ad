import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { scheduleNameRecord, scheduleRecord } from '../../store/records/schedule';
import { deleteRecord, getRecord, putRequest, queryRecords, writeTransaction } from '../../store/table/record-ops';
import { logger } from '../../platform/logger';
import { slotOf } from './local';

export interface DueJob {
  name: string;
  dueAt: string;
  payload: Record<string, unknown>;
}

export interface LocalPoller {
  /** Runs one poll now (tests use it to avoid waiting for the interval). */
  pollOnce: () => Promise<number>;
  stop: () => Promise<void>;
}

/** Like EventBridge's retry policy, in small: a failed run is tried again a few times, a second apart. */
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 1000;

const isConditionalFailure = (e: unknown): boolean => e instanceof ConditionalCheckFailedException;

/**
 * Fires the local scheduler's due jobs: every `intervalMs` it reads the schedules due by now, claims
 * each with a conditional delete (so two pollers on one table never run a job twice) and runs it with
 * the same handler the jobs Lambda uses.
 */
export function startLocalPoller(opts: {
  run: (payload: Record<string, unknown>) => Promise<unknown>;
  intervalMs?: number;
  now?: () => number;
}): LocalPoller {
  const now = opts.now ?? Date.now;
  const intervalMs = opts.intervalMs ?? 250;
  let stopped = false;
  let current: Promise<number> | undefined;

  async function claim(slot: string, name: string): Promise<boolean> {
    try {
      await deleteRecord(scheduleRecord, { slot }, { exists: ['name'] });
    } catch (e) {
      if (isConditionalFailure(e)) return false;
      throw e;
    }
    // The lookup goes only if it still points here: the name may already have been scheduled again.
    await deleteRecord(scheduleNameRecord, { name }, { equals: { slot } }).catch((e: unknown) => {
      if (!isConditionalFailure(e)) throw e;
    });
    return true;
  }

  async function poll(): Promise<number> {
    const dueBy = `${new Date(now()).toISOString()}#\uffff`;
    const { data } = await queryRecords(scheduleRecord, { partition: {}, sortKey: { lte: dueBy }, all: true });
    let ran = 0;
    for (const item of data) {
      if (stopped) break;
      if (!(await claim(item.slot, item.name))) continue;
      ran++;
      try {
        await opts.run(item.payload as Record<string, unknown>);
      } catch (e) {
        const attempts = (item.attempts ?? 0) + 1;
        logger.error('local job failed', { name: item.name, attempts, error: (e as Error).message });
        if (attempts < MAX_ATTEMPTS && !(await getRecord(scheduleNameRecord, { name: item.name }))) {
          const dueAt = new Date(now() + RETRY_DELAY_MS).toISOString();
          const slot = slotOf(dueAt, item.name);
          await writeTransaction([
            { Put: putRequest(scheduleRecord, { slot, name: item.name, dueAt, payload: item.payload, attempts }) },
            { Put: putRequest(scheduleNameRecord, { name: item.name, slot }) },
          ]);
        }
      }
    }
    return ran;
  }

  const tick = async () => {
    if (stopped || current) return;
    current = poll().catch((e: unknown) => {
      logger.error('local poller failed', { error: (e as Error).message });
      return 0;
    });
    try {
      await current;
    } finally {
      current = undefined;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();

  return {
    pollOnce: async () => {
      while (current) await current;
      return poll();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (current) await current;
    },
  };
}
