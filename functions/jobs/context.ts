/** What a job needs from the outside world; tests replace it. */
export interface JobDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /**
   * EventBridge fires within the minute of the schedule, so up to ~60 s early. A job that early waits
   * for its time in-process (one retry) rather than scheduling itself again for the same minute.
   */
  maxEarlyWaitMs: number;
}

export const defaultJobDeps = (): JobDeps => ({
  now: Date.now,
  sleep: (ms) => new Promise((ok) => setTimeout(ok, ms)),
  maxEarlyWaitMs: 65_000,
});
