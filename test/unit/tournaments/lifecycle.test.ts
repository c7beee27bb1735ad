import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../domain/core/random';
import { canTransition, changeStatus, createTournament, editSettings, TOURNAMENT_STATUSES } from '../../../domain/tournaments';
import type { TournamentStatus } from '../../../domain/tournaments';
import { baseSettings, Desk, HOUR, STAFF, START } from './harness';

const ALLOWED: [TournamentStatus, TournamentStatus][] = [
  ['announced', 'registration_open'],
  ['registration_open', 'running'],
  ['running', 'finished'],
  ['announced', 'cancelled'],
  ['registration_open', 'cancelled'],
  ['running', 'cancelled'],
];

describe('tournament lifecycle', () => {
  it('creates an announced tournament with empty record maps and version 0', () => {
    const { state, events } = createTournament(
      { clubId: 'club_9', clubCurrency: 'RUB', settings: baseSettings() },
      { now: 5, actor: STAFF, rng: seededRandom(1), newId: (p) => `${p}_x` },
    );
    expect(state).toMatchObject({ id: 'trn_x', clubId: 'club_9', status: 'announced', version: 0, createdAt: 5 });
    expect(state.registrations).toEqual({});
    expect(events).toEqual([{ type: 'tournament.created', tournamentId: 'trn_x' }]);
  });

  it('R-LIFE-1: allows exactly the lifecycle moves and cancelling from any non-final status', () => {
    for (const from of TOURNAMENT_STATUSES) {
      for (const to of TOURNAMENT_STATUSES) {
        const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(allowed);
        const desk = new Desk({}, from);
        if (allowed) {
          desk.run(changeStatus, { to });
          expect(desk.state.status).toBe(to);
          expect(desk.events).toEqual([{ type: 'tournament.status_changed', tournamentId: desk.state.id, from, to }]);
        } else {
          const e = desk.refuse(changeStatus, { to });
          expect(e.code).toBe('INVALID_STATUS_TRANSITION');
          expect(e.kind).toBe('conflict');
        }
      }
    }
  });

  it('R-LIFE-1: does not bump the version (the repository does) but stamps updatedAt', () => {
    const desk = new Desk({}, 'announced');
    desk.now += 1000;
    desk.status('registration_open');
    expect(desk.state.version).toBe(0);
    expect(desk.state.updatedAt).toBe(desk.now);
  });

  it('R-LIFE-2: settings are editable while announced', () => {
    const desk = new Desk({}, 'announced');
    desk.run(editSettings, { patch: { buyIn: 200_000, seatLimit: 80, rebuy: 100_000 } });
    expect(desk.state.settings).toMatchObject({ buyIn: 200_000, seatLimit: 80, rebuy: 100_000 });
    desk.run(editSettings, { patch: { rebuy: null, balancing: { allowedSkew: 2 } } });
    expect('rebuy' in desk.state.settings).toBe(false);
    expect(desk.state.settings.balancing).toEqual({ moveRule: 'big_blind_next', allowedSkew: 2, mode: 'auto' });
  });

  it('R-LIFE-2: settings are frozen from registration_open on', () => {
    for (const status of ['registration_open', 'running', 'finished', 'cancelled'] as const) {
      const desk = new Desk({}, status);
      const e = desk.refuse(editSettings, { patch: { lateRegEndsAt: START + 3 * HOUR } });
      expect(e.code).toBe('SETTINGS_FROZEN');
      expect(e.kind).toBe('conflict');
    }
  });

  it('R-LIFE-3: an edit that breaks the deadline order is refused', () => {
    const desk = new Desk({}, 'announced');
    expect(desk.refuse(editSettings, { patch: { startAt: START + 3 * HOUR } }).code).toBe('DEADLINES_OUT_OF_ORDER');
  });
});
