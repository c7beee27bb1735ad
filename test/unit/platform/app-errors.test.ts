import { describe, expect, it } from 'vitest';
import { ConcurrentUpdate, Conflict, Forbidden, NotFound, Unavailable, VersionMismatch } from '../../../functions/runtime/errors';
import { toProblem } from '../../../functions/platform/errors';
import { deepFreeze, forDecision } from '../../../functions/app/frozen-state';

describe('application errors at the HTTP edge', () => {
  it('answer the status and code the API has always answered', () => {
    const cases = [
      [new NotFound('TOURNAMENT_NOT_FOUND', 'No such tournament'), 404, 'TOURNAMENT_NOT_FOUND', 'Not Found'],
      [new Conflict('CONFLICT', 'The tournament could not be created; retry'), 409, 'CONFLICT', 'Conflict'],
      [new VersionMismatch(7, 6), 409, 'VERSION_MISMATCH', 'Conflict'],
      [new ConcurrentUpdate(), 409, 'CONCURRENT_UPDATE', 'Conflict'],
      [new Forbidden('ACCOUNT_SUSPENDED', "The player's account is suspended"), 403, 'ACCOUNT_SUSPENDED', 'Forbidden'],
      [new Unavailable('SERVICE_UNAVAILABLE', 'later'), 503, 'SERVICE_UNAVAILABLE', 'Service Unavailable'],
    ] as const;
    for (const [error, status, code, title] of cases) {
      expect(toProblem(error)).toMatchObject({ status, code, title, detail: error.message });
    }
    expect(new VersionMismatch(7, 6).message).toBe('The tournament is at version 7, not 6');
    expect(new ConcurrentUpdate()).toBeInstanceOf(Conflict);
  });
});

describe('frozen decision states', () => {
  it('freeze everything a state reaches, so a change in place throws', () => {
    const state = { registrations: { r1: { status: 'registered' } }, moves: [{ id: 'm1' }] };
    deepFreeze(state);
    expect(() => {
      state.registrations.r1.status = 'checked_in';
    }).toThrow(TypeError);
    expect(() => state.moves.push({ id: 'm2' })).toThrow(TypeError);
    // A copy of what changes is the way: the next state shares the untouched parts, already frozen.
    const next = { ...state, registrations: { ...state.registrations, r2: { status: 'waitlisted' } } };
    expect(Object.isFrozen(deepFreeze(next).registrations.r2)).toBe(true);
    expect(next.moves).toBe(state.moves);
  });

  it('are frozen only with the switch on', () => {
    const before = process.env.FREEZE_DOMAIN_STATE;
    try {
      process.env.FREEZE_DOMAIN_STATE = 'false';
      expect(Object.isFrozen(forDecision({ a: { b: 1 } }))).toBe(false);
      process.env.FREEZE_DOMAIN_STATE = 'true';
      expect(Object.isFrozen(forDecision({ a: { b: 1 } }).a)).toBe(true);
    } finally {
      if (before === undefined) delete process.env.FREEZE_DOMAIN_STATE;
      else process.env.FREEZE_DOMAIN_STATE = before;
    }
  });
});
