/** One automatic check of a club's verification request (the worker's event). */
export interface VerifyClubJob {
  clubId: string;
  /** The request the check is for; a check of an older request changes nothing. */
  attempt: number;
}

/**
 * Starts the automatic check without waiting for it: the registry can take tens of seconds,
 * longer than an HTTP answer should. In AWS an asynchronous Lambda invocation, locally an
 * in-process run. `enqueue` throws when the check could not be started.
 */
export interface VerificationQueue {
  enqueue(job: VerifyClubJob): Promise<void>;
}
