import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../../domain/core/context';
import { isDomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { chipSummary, recordChipCounts } from '../../../domain/floor/chip-counts';
import { fieldViews, type FieldViews } from '../../../domain/floor/field-views';
import { cancelKnockoutOnFloor, recordKnockoutOnFloor } from '../../../domain/floor/knockouts';
import { drawSeating } from '../../../domain/floor/seating';
import { addon, changeStatus, checkIn, createTournament, reenter, rebuy, register, unregister } from '../../../domain/tournaments';
import { viewsOf } from '../../../functions/store/derived-views';
import { applyPatch, diffState } from '../../../functions/store/state-patch';
import { PROPERTY_TEST } from '../../support/property';
import { plainCopy } from '../../support/freeze';
import { indexSeats, reindexSeats } from '../../../domain/seating';
import { baseSettings, HOUR, START, STAFF } from '../tournaments/harness';

/*
 * The field's figures kept by the fold (each event's patch carries them forward) against the same
 * figures computed over the whole field, after random sequences of desk and floor commands.
 */

const PLAYERS = 8;

const commandArb = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), player: fc.nat(PLAYERS - 1) }),
  fc.record({ kind: fc.constant('checkIn' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('unregister' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('start' as const) }),
  fc.record({ kind: fc.constant('draw' as const) }),
  fc.record({ kind: fc.constant('rebuy' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('addon' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reenter' as const), player: fc.nat(PLAYERS - 1) }),
  fc.record({ kind: fc.constant('knockout' as const), pick: fc.nat(), killer: fc.nat() }),
  fc.record({ kind: fc.constant('cancelKnockout' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('count' as const),
    picks: fc.array(fc.record({ pick: fc.nat(), chips: fc.integer({ min: 0, max: 40_000 }) }), { minLength: 1, maxLength: 3 }),
  }),
);
type Command = typeof commandArb extends fc.Arbitrary<infer T> ? T : never;

const nth = <T>(xs: readonly T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);

function decide(t: FloorTournament, c: Command, ctx: Context): FloorTournament {
  const regs = Object.values(t.registrations);
  const entries = Object.values(t.entries);
  const active = entries.filter((e) => e.status === 'active');
  switch (c.kind) {
    case 'register':
      return register(t, { playerId: `p${c.player}`, otherRegistrations: [] }, ctx).state as FloorTournament;
    case 'checkIn':
      return checkIn(t, { registrationId: nth(regs, c.pick)?.id ?? '' }, ctx).state as FloorTournament;
    case 'unregister':
      return unregister(t, { registrationId: nth(regs, c.pick)?.id ?? '' }, ctx).state as FloorTournament;
    case 'start':
      return changeStatus(t, { to: 'running' }, ctx).state as FloorTournament;
    case 'draw':
      return drawSeating(t, ctx).state;
    case 'rebuy':
      return rebuy(t, { entryId: nth(entries, c.pick)?.id ?? '' }, ctx).state as FloorTournament;
    case 'addon':
      return addon(t, { entryId: nth(entries, c.pick)?.id ?? '', breaksPassed: 1 }, ctx).state as FloorTournament;
    case 'reenter':
      return reenter(t, { playerId: `p${c.player}` }, ctx).state as FloorTournament;
    case 'knockout': {
      const busted = nth(active, c.pick);
      const killer = nth(
        active.filter((e) => e !== busted),
        c.killer,
      );
      return recordKnockoutOnFloor(t, { busted: [busted?.id ?? ''], killers: [killer?.id ?? ''] }, ctx).state;
    }
    case 'cancelKnockout': {
      const ko = nth(Object.values(t.knockouts?.knockouts ?? {}), c.pick);
      return cancelKnockoutOnFloor(t, { knockoutId: ko?.id ?? '' }, ctx).state;
    }
    case 'count':
      return recordChipCounts(
        t,
        c.picks.map((p) => ({ entryId: nth(active, p.pick)?.id ?? '', chips: p.chips })),
        ctx,
      ).state;
  }
}

const figures = ({ of: _of, ...rest }: FieldViews) => rest;

describe('field views kept by the fold', () => {
  it('equal the figures computed over the whole field after any command sequence', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 40 }), (commands) => {
        let seq = 0;
        let now = START - HOUR;
        const ctx = (): Context => ({ now: (now += 1_000), actor: STAFF, rng: seededRandom(seq + 1), newId: (p) => `${p}_${++seq}` });
        const settings = baseSettings({
          rebuy: 100_000,
          addon: 50_000,
          addonChips: 10_000,
          reentry: 150_000,
          lateRegEndsAt: START + 8 * HOUR,
        });
        const created = createTournament({ clubId: 'club_1', clubCurrency: 'RUB', settings }, ctx()).state as FloorTournament;
        let state: FloorTournament = { ...created, views: fieldViews(created) };
        state = { ...changeStatus(state, { to: 'registration_open' }, ctx()).state, views: state.views } as FloorTournament;
        state = { ...state, views: fieldViews(state) };
        for (const c of commands) {
          if (c.kind === 'start' || c.kind === 'knockout') now = Math.max(now, START);
          let next: FloorTournament;
          try {
            next = decide(state, c, ctx());
          } catch (e) {
            if (isDomainError(e)) continue;
            throw e;
          }
          if (next === state) continue;
          // As the store does: the patch the command writes, folded onto the state a reader holds.
          const patch = diffState(state, next, { skip: ['seating.seatOf', 'version', 'views'] });
          const folded = applyPatch(state, patch);
          // The patch, written from the record maps' changed ids, folds back to exactly what was decided.
          const { views: _nv, ...decided } = next;
          const { views: _fv, ...replayed } = folded;
          expect(plainCopy({ ...replayed, seating: replayed.seating && { ...replayed.seating, seatOf: {} } })).toEqual(
            plainCopy({ ...decided, seating: decided.seating && { ...decided.seating, seatOf: {} } }),
          );
          const views = viewsOf(folded, state, patch);
          expect(figures(views)).toEqual(figures(fieldViews(folded)));
          // The seat index follows the tables that changed as a reader rebuilds it from all of them.
          if (folded.seating && state.seating?.seatOf) {
            const followed = reindexSeats(state.seating.seatOf, state.seating.tables, folded.seating.tables);
            expect(plainCopy(followed)).toEqual(plainCopy(indexSeats(folded.seating.tables)));
            expect(plainCopy(followed)).toEqual(plainCopy(next.seating?.seatOf));
          }
          state = {
            ...folded,
            views,
            ...(folded.seating && next.seating ? { seating: { ...folded.seating, seatOf: next.seating.seatOf } } : {}),
          };
          expect(chipSummary(state).chipLeader).toEqual(fieldViews(folded).chipLeader);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('a state whose maps changed since its figures were kept is counted afresh', () => {
    const created = createTournament(
      { clubId: 'club_1', clubCurrency: 'RUB', settings: baseSettings() },
      { now: START - HOUR, actor: STAFF, rng: seededRandom(1), newId: (p) => `${p}_1` },
    ).state as FloorTournament;
    const stale: FloorTournament = {
      ...created,
      views: fieldViews(created),
      entries: { e1: { id: 'e1', playerId: 'p1', registrationId: 'r1', number: 1, status: 'active', chips: 20_000, createdAt: START } },
    };
    expect(chipSummary(stale)).toMatchObject({ playersLeft: 1, chipsInPlay: { total: 20_000 } });
  });
});
