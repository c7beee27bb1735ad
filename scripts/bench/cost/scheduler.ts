import type { ScheduledJob, SchedulerPort } from '../../../functions/adapters/scheduler';
import { runJob } from '../../../functions/jobs/run-job';
import type { JobDeps } from '../../../functions/jobs/context';
import type { CapacityMeter } from './capacity-meter';

/*
 * EventBridge Scheduler in the bench: the jobs the handlers schedule are kept in memory (in AWS they
 * are schedules, not table items, so the local scheduler's table rows would be a cost AWS does not
 * have), and the bench fires them itself through `runJob`, the handler the jobs Lambda runs.
 */
export class RecordingScheduler implements SchedulerPort {
  readonly pending = new Map<string, ScheduledJob>();
  /** Scheduler API calls (create/replace, delete), by the operation that made them. */
  readonly apiCalls = new Map<string, number>();

  constructor(private readonly meter: CapacityMeter) {}

  private count() {
    this.apiCalls.set(this.meter.current, (this.apiCalls.get(this.meter.current) ?? 0) + 1);
  }

  async schedule(job: ScheduledJob): Promise<void> {
    this.count();
    this.pending.set(job.name, job);
  }

  async create(job: ScheduledJob): Promise<void> {
    this.count();
    if (!this.pending.has(job.name)) this.pending.set(job.name, job);
  }

  async cancel(name: string): Promise<void> {
    this.count();
    this.pending.delete(name);
  }

  /** The pending job of `kind` for a tournament, if any. */
  find(tournamentId: string, kind: 'level-end' | 'no-shows'): ScheduledJob | undefined {
    return [...this.pending.values()].find((j) => j.payload.tournamentId === tournamentId && j.payload.kind === kind);
  }

  /**
   * Fires a pending job as the scheduler would at its time. Levels last minutes; the bench does not wait
   * for them: the job runs with its due time as "now" (never earlier than the real now), which is what
   * it would read if it fired on time. Later requests use the real clock; the timer clamps time into a
   * level at zero, so a level that "starts" a little in the future reads as just started.
   */
  async fire(job: ScheduledJob, op: string): Promise<string> {
    this.pending.delete(job.name);
    const at = job.at;
    const deps: JobDeps = { now: () => Math.max(Date.now(), at), sleep: async () => undefined, maxEarlyWaitMs: 0 };
    return String(await this.meter.job(op, () => runJob(job.payload, deps)));
  }
}
