import type { VerificationQueue, VerifyClubJob } from '../../../functions/adapters/verification-queue/port';

/**
 * Runs the worker in this process, after the caller's answer (`npm start`, tests): the same code
 * path as the Lambda, without AWS. Failures are reported, never thrown back to the request.
 */
export class LocalVerificationQueue implements VerificationQueue {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly run: (job: VerifyClubJob) => Promise<unknown>,
    private readonly onError: (error: unknown, job: VerifyClubJob) => void = () => undefined,
  ) {}

  async enqueue(job: VerifyClubJob): Promise<void> {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(job))
      .then(
        () => undefined,
        (e: unknown) => this.onError(e, job),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves when every started check has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
