export { deepFreeze } from '../../support/freeze';
import { DomainError } from '../../../domain/core/errors';
import type { BlindStructure, Level } from '../../../domain/clock';

export const T0 = Date.UTC(2025, 0, 18, 18, 0, 0);
export const MIN = 60_000;

export const play = (smallBlind: number, bigBlind: number, ante: number, minutes: number): Level => ({
  smallBlind,
  bigBlind,
  ante,
  durationSec: minutes * 60,
  isBreak: false,
});

export const brk = (minutes: number): Level => ({ smallBlind: 0, bigBlind: 0, ante: 0, durationSec: minutes * 60, isBreak: true });

/** 10-min levels 0, 1; a 5-min break at 2; 10-min levels 3, 4; a 5-min break at 5; a 10-min level 6. */
export const SMALL: BlindStructure = {
  id: 'bs-small',
  clubId: 'club-1',
  name: 'Small',
  anteType: 'classic',
  levels: [
    play(100, 200, 0, 10),
    play(200, 400, 50, 10),
    brk(5),
    play(300, 600, 75, 10),
    play(400, 800, 100, 10),
    brk(5),
    play(500, 1000, 100, 10),
  ],
};

/** Runs `fn` and returns the DomainError it throws; fails when it does not throw one. */
export function domainErrorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}
