/**
 * The time the live modules judge by (token expiry, the access cache): the wall clock, unless a test puts
 * its own in to move time on without waiting.
 */
let clock: () => number = Date.now;

export const liveNow = (): number => clock();

/** A test's clock in; undefined puts the wall clock back. */
export function useLiveClock(next: (() => number) | undefined): void {
  clock = next ?? Date.now;
}
