/**
 * Time-driven work (R-CLK-5 level ends, R-NOSHOW-1 no-show processing): one one-time job per name.
 * Delivery is at least once and may come early (EventBridge fires within the minute) or late: the job
 * handlers check what they carry against the stored state and are idempotent.
 */
export interface ScheduledJob {
  /** Deterministic per tournament and purpose; at most 64 characters of [0-9a-zA-Z-_.] (see jobName). */
  name: string;
  /** UTC milliseconds. A time in the past fires as soon as possible. */
  at: number;
  /** What the job handler receives (functions/app/jobs/payloads.ts). */
  payload: Record<string, unknown>;
}

export interface SchedulerPort {
  /** Creates the job, replacing any pending job of the same name. */
  schedule(job: ScheduledJob): Promise<void>;
  /**
   * Creates the job unless one of that name is pending, which is then kept: for names that say what the
   * job is (a level end names its revision and level), so a second create is the same job, not a new one.
   */
  create(job: ScheduledJob): Promise<void>;
  /** Deletes the pending job of that name; an unknown name is not an error. */
  cancel(name: string): Promise<void>;
}
