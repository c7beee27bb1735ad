import { entities, store } from '../../../functions/store/entities';
import { logger } from '../../../functions/runtime/logger';
import { slotOf } from '../../../functions/adapters/scheduler/local';

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
    const { schedule, scheduleName } = entities();
    const claimed = await schedule
      .delete({ slot })
      .where((s, { exists }) => exists(s.name))
      .go({ returnOnConditionCheckFailure: true });
    if (claimed.rejected) return false;
    // The lookup goes only if it still points here: the name may already have been scheduled again.
    await scheduleName
      .delete({ name })
      .where((n, { eq }) => eq(n.slot, slot))
      .go({ returnOnConditionCheckFailure: true });
    return true;
  }

  async function poll(): Promise<number> {
    const dueBy = `${new Date(now()).toISOString()}#\uffff`;
    const { data } = await entities().schedule.query.primary({}).lte({ slot: dueBy }).go({ pages: 'all' });
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
        if (attempts < MAX_ATTEMPTS && !(await entities().scheduleName.get({ name: item.name }).go()).data) {
          const dueAt = new Date(now() + RETRY_DELAY_MS).toISOString();
          const slot = slotOf(dueAt, item.name);
          await store()
            .transaction.write(({ schedule, scheduleName }) => [
              schedule.put({ slot, name: item.name, dueAt, payload: item.payload, attempts }).commit(),
              scheduleName.put({ name: item.name, slot }).commit(),
            ])
            .go();
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
