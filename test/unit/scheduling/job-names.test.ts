import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_JOB_NAME, jobName } from '../../../functions/adapters/scheduler/names';
import { levelEndJobName, levelEndJobOf, noShowJobName, noShowJobOf } from '../../../functions/app/jobs/schedules';
import type { StoredTournament } from '../../../functions/store/tournament-store';
import { initialTimer, pause, start } from '../../../domain/clock';
import { STANDARD_20 } from '../../../domain/clock';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

describe('schedule names', () => {
  it('are deterministic, valid for EventBridge (64 chars of [0-9a-zA-Z-_.]) and distinct for distinct parts', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 80 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.string({ minLength: 1, maxLength: 80 }), { minLength: 1, maxLength: 4 }),
        (a, b) => {
          const na = jobName(...a);
          expect(na).toBe(jobName(...a));
          expect(na.length).toBeLessThanOrEqual(MAX_JOB_NAME);
          expect(na).toMatch(/^[0-9A-Za-z\-_.]+$/);
          if (a.join('-') !== b.join('-')) expect(na).not.toBe(jobName(...b));
        },
      ),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('keep ordinary ids readable', () => {
    expect(levelEndJobName('trn_01m8kx7bc3d3vsgj6wsdnn75bs', { revision: 12, levelIndex: 3 })).toBe(
      'lvl-trn_01m8kx7bc3d3vsgj6wsdnn75bs-r12-l3',
    );
    expect(noShowJobName('trn_01m8kx7bc3d3vsgj6wsdnn75bs')).toBe('noshow-trn_01m8kx7bc3d3vsgj6wsdnn75bs');
  });
});

describe('the jobs a tournament wants', () => {
  const T0 = Date.UTC(2026, 10, 29, 18);
  const base = {
    id: 'trn_1',
    clubId: 'club_1',
    status: 'running',
    version: 3,
    settings: { lateRegEndsAt: T0 + 3_600_000 },
  } as unknown as StoredTournament;
  const structure = STANDARD_20.structure;

  it('R-CLK-5: one level end per running clock, named by revision and level; none when paused or not running', () => {
    const running = { ...base, clock: { timer: start(initialTimer(), structure, T0).timer, structure } };
    expect(levelEndJobOf(running)).toEqual({
      name: 'lvl-trn_1-r1-l0',
      at: T0 + 20 * 60_000,
      payload: { kind: 'level-end', clubId: 'club_1', tournamentId: 'trn_1', revision: 1, levelIndex: 0 },
    });
    const paused = { ...running, clock: { timer: pause(running.clock.timer, structure, T0 + 1000).timer, structure } };
    expect(levelEndJobOf(paused)).toBeNull();
    expect(levelEndJobOf({ ...running, status: 'cancelled' })).toBeNull();
    expect(levelEndJobOf(base)).toBeNull();
  });

  it('R-NOSHOW-1: the no-show run at the end of late registration, while registration is open or the tournament runs', () => {
    const job = { name: 'noshow-trn_1', at: T0 + 3_600_000, payload: { kind: 'no-shows', clubId: 'club_1', tournamentId: 'trn_1' } };
    expect(noShowJobOf(base)).toEqual(job);
    expect(noShowJobOf({ ...base, status: 'registration_open' })).toEqual(job);
    for (const status of ['announced', 'finished', 'cancelled'] as const) expect(noShowJobOf({ ...base, status })).toBeNull();
  });
});
