import { deepFreeze } from '../../support/freeze';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../domain/core/errors';
import {
  addon,
  bustEntry,
  cancelSettlement,
  changeStatus,
  checkIn,
  playerDebt,
  reenter,
  rebuy,
  register,
  reviveEntry,
  settle,
  unregister,
} from '../../../domain/tournaments';
import type { Tournament, TournamentResult } from '../../../domain/tournaments';
import { Desk, MIN, START } from './harness';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

const PLAYERS = ['p0', 'p1', 'p2'] as const;

type Op =
  | { kind: 'register' | 'checkIn' | 'unregister' | 'addon' | 'bust' | 'revive' | 'reenter' | 'settle'; p: number }
  | { kind: 'rebuy'; p: number; first: boolean }
  | { kind: 'cancelSettlement'; p: number; index: number }
  | { kind: 'start' }
  | { kind: 'advance'; minutes: number };

const p = fc.integer({ min: 0, max: PLAYERS.length - 1 });
// Weighted so that players get registered, seated and busted before the clock runs past the deadlines.
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constantFrom('register', 'checkIn', 'unregister', 'addon', 'bust', 'revive', 'reenter', 'settle'),
      p,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rebuy'), p, first: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelSettlement'), p, index: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'start' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance'), minutes: fc.integer({ min: 1, max: 40 }) }) },
);

/** A tournament where every mechanic is on: rebuy (limited), re-entry, add-on (several), seat limit. */
function newDesk(): Desk {
  return new Desk({ buyIn: 1000, rebuy: 700, reentry: 900, addon: 300, addonOncePerPlayer: false, rebuyMaxPerPlayer: 3, seatLimit: 3 });
}

const liveReg = (s: Tournament, player: string) =>
  Object.values(s.registrations).find((r) => r.playerId === player && r.status !== 'cancelled');
const entriesOf = (s: Tournament, player: string) =>
  Object.values(s.entries)
    .filter((e) => e.playerId === player)
    .sort((a, b) => a.number - b.number);

/** One call of the operation the op names; refusals come back as null. Inputs are frozen: no mutation. */
function apply(desk: Desk, op: Op): TournamentResult | null {
  const s = deepFreeze(desk.state);
  const ctx = desk.ctx();
  const player = 'p' in op ? (PLAYERS[op.p] ?? 'p0') : 'p0';
  const reg = liveReg(s, player);
  const current = reg?.entryId ?? 'ent_none';
  try {
    switch (op.kind) {
      case 'advance':
        desk.now += op.minutes * MIN;
        return null;
      case 'start':
        return changeStatus(s, { to: 'running' }, ctx);
      case 'register':
        return register(s, { playerId: player, otherRegistrations: [] }, ctx);
      case 'checkIn':
        return checkIn(s, { registrationId: reg?.id ?? 'reg_none' }, ctx);
      case 'unregister':
        return unregister(s, { registrationId: reg?.id ?? 'reg_none' }, ctx);
      case 'addon':
        return addon(s, { entryId: current, breaksPassed: 0 }, ctx);
      case 'bust':
        return bustEntry(s, { entryId: current }, ctx);
      case 'revive':
        return reviveEntry(s, { entryId: current }, ctx);
      case 'reenter':
        return reenter(s, { playerId: player }, ctx);
      case 'settle':
        return settle(s, { playerId: player, method: 'cash' }, ctx);
      case 'rebuy':
        return rebuy(s, { entryId: op.first ? (entriesOf(s, player)[0]?.id ?? 'ent_none') : current }, ctx);
      case 'cancelSettlement': {
        const mine = Object.values(s.settlements).filter((x) => x.playerId === player);
        return cancelSettlement(s, { settlementId: mine[op.index % Math.max(1, mine.length)]?.id ?? 'stl_none' }, ctx);
      }
    }
  } catch (e) {
    if (isDomainError(e)) return null;
    throw e;
  }
}

/** Debt computed a second, independent way: everything accrued minus what active settlements cover. */
function debtByLedger(s: Tournament, player: string): number {
  const accrued = Object.values(s.fees)
    .filter((f) => f.playerId === player && f.cancelledAt === undefined)
    .reduce((sum, f) => sum + f.amount, 0);
  const settled = Object.values(s.settlements)
    .filter((x) => x.playerId === player && x.status === 'active')
    .reduce((sum, x) => sum + x.amount, 0);
  return accrued - settled;
}

function run(ops: Op[], check: (before: Tournament, op: Op, result: TournamentResult | null, desk: Desk) => void): Desk {
  const desk = newDesk();
  desk.now = START - 30 * MIN;
  for (const op of ops) {
    const before = desk.state;
    const result = apply(desk, op);
    if (result) desk.state = result.state;
    check(before, op, result, desk);
  }
  return desk;
}

const ops = fc.array(opArb, { minLength: 1, maxLength: 80, size: 'max' });

// Long random sequences with full invariant checks after every step take a few seconds.
describe('tournament properties', { timeout: 30_000 }, () => {
  it('R-FEE-1: a player’s debt always equals the sum of his unpaid fee operations', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        run(sequence, (_before, _op, _result, desk) => {
          for (const player of PLAYERS) {
            const unpaid = Object.values(desk.state.fees)
              .filter((f) => f.playerId === player && f.settlementId === undefined && f.cancelledAt === undefined)
              .reduce((sum, f) => sum + f.amount, 0);
            const debt = playerDebt(desk.state, player);
            expect(debt).toBe(unpaid);
            expect(debt).toBe(debtByLedger(desk.state, player));
            expect(debt).toBeGreaterThanOrEqual(0);
          }
        });
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-REBUY-1: one rebuy request adds exactly one fee to an active entry; a busted entry gets none', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        run(sequence, (before, op, result) => {
          if (op.kind !== 'rebuy') return;
          const player = PLAYERS[op.p] ?? 'p0';
          const target = op.first ? entriesOf(before, player)[0] : before.entries[liveReg(before, player)?.entryId ?? ''];
          const newFees = result ? Object.keys(result.state.fees).length - Object.keys(before.fees).length : 0;
          if (!target || target.status !== 'active') {
            expect(result).toBeNull();
            return;
          }
          if (!result) return;
          expect(newFees).toBe(1);
          expect(Object.keys(result.state.entries)).toHaveLength(Object.keys(before.entries).length);
          expect(result.state.entries[target.id]?.chips).toBe(target.chips + before.settings.startingStack);
        });
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-REENTRY-1: an accepted re-entry always creates a new entry and leaves the old ones as they were', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        run(sequence, (before, op, result) => {
          if (op.kind !== 'reenter' || !result) return;
          const player = PLAYERS[op.p] ?? 'p0';
          const added = Object.keys(result.state.entries).filter((id) => !(id in before.entries));
          expect(added).toHaveLength(1);
          const entry = result.state.entries[added[0] ?? ''];
          // Entries voided by unregistering before play were never played: numbering counts the others.
          const previous = entriesOf(before, player).filter((e) => e.status !== 'void');
          expect(entry).toMatchObject({ playerId: player, status: 'active', number: previous.length + 1 });
          expect(previous.at(-1)?.status).toBe('busted');
          for (const e of Object.values(before.entries)) expect(result.state.entries[e.id]).toEqual(e);
        });
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-FEE-2: settling then cancelling the settlement restores the debt and the fee records', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(ops, p, (sequence, who) => {
        const desk = run(sequence, () => undefined);
        const player = PLAYERS[who] ?? 'p0';
        const debt = playerDebt(desk.state, player);
        const fees = desk.state.fees;
        // The sequences never cancel the tournament, so settling is always allowed (R-FEE-3).
        const settled = settle(desk.state, { playerId: player, method: 'card' }, desk.ctx());
        expect(playerDebt(settled.state, player)).toBe(0);
        const created = Object.keys(settled.state.settlements).filter((id) => !(id in desk.state.settlements));
        expect(created).toHaveLength(debt > 0 ? 1 : 0);
        if (created[0] === undefined) return;
        const undone = cancelSettlement(settled.state, { settlementId: created[0] }, desk.ctx());
        expect(playerDebt(undone.state, player)).toBe(debt);
        expect(undone.state.fees).toEqual(fees);
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });
});
