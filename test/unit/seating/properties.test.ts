import { plainCopy } from '../../support/freeze';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../domain/core/errors';
import {
  afterKnockout,
  assembleFinalTable,
  breakTable,
  confirmProposal,
  freeSeats,
  indexSeats,
  initialDraw,
  movePlayer,
  overrideProposal,
  rejectProposal,
  seatLateEntrant,
  seatedCount,
  setButton,
  tableSkew,
  undoLastMove,
} from '../../../domain/seating';
import type { SeatingPolicy, SeatingResult, SeatingState, Table } from '../../../domain/seating';
import { deepFreeze, entries, makeCtx, violations } from './helpers';
import { PROPERTY_TEST } from '../../support/property';

type Op =
  | { k: 'ko'; i: number }
  | { k: 'late' }
  | { k: 'break'; t: number | null }
  | { k: 'move'; i: number; t: number; seat: number; free: boolean }
  | { k: 'undo' }
  | { k: 'button'; t: number; seat: number }
  | { k: 'final' }
  | { k: 'confirm'; i: number }
  | { k: 'override'; i: number; t: number; seat: number; free: boolean }
  | { k: 'reject'; i: number };

const nat = fc.nat({ max: 1000 });
const seat = fc.integer({ min: -1, max: 10 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant('ko' as const), i: nat }), weight: 6 },
  { arbitrary: fc.record({ k: fc.constant('late' as const) }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('break' as const), t: fc.option(nat) }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('move' as const), i: nat, t: nat, seat, free: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('undo' as const) }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('button' as const), t: nat, seat }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('final' as const) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('confirm' as const), i: nat }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('override' as const), i: nat, t: nat, seat, free: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('reject' as const), i: nat }), weight: 1 },
);

const policyArb = fc.record({
  allowedSkew: fc.integer({ min: 1, max: 3 }),
  mover: fc.constantFrom('big_blind_next' as const, 'random' as const, 'last_seat' as const),
});

const pick = <T>(xs: readonly T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);
const tablesOf = (s: SeatingState): Table[] => Object.values(s.tables).sort((a, b) => a.number - b.number);

let lateCounter = 0;

function apply(s: SeatingState, op: Op, seed: number): SeatingResult {
  const ctx = makeCtx(seed);
  const seated = Object.keys(s.seatOf).sort();
  const tableId = (t: number) => pick(tablesOf(s), t)?.id ?? 'tbl_none';
  const proposal = (i: number) => pick(s.pendingProposals ?? [], i)?.id ?? 'prop_none';
  // Half of the targets are free seats of active tables (to succeed), half are raw picks (to be refused).
  const target = (t: number, seat: number, free: boolean) => {
    if (!free) return { tableId: tableId(t), seat };
    const table = pick(
      tablesOf(s).filter((x) => x.status === 'active'),
      t,
    );
    return { tableId: table?.id ?? 'tbl_none', seat: table ? (pick(freeSeats(table), seat + 1) ?? seat) : seat };
  };
  switch (op.k) {
    case 'ko':
      return afterKnockout(s, { entryId: pick(seated, op.i) ?? 'nobody' }, ctx);
    case 'late':
      return seatLateEntrant(s, { entryId: `late-${++lateCounter}` }, ctx);
    case 'break':
      return breakTable(s, op.t === null ? {} : { tableId: tableId(op.t) }, ctx);
    case 'move':
      return movePlayer(s, { entryId: pick(seated, op.i) ?? 'nobody', to: target(op.t, op.seat, op.free) }, ctx);
    case 'undo':
      return undoLastMove(s, ctx);
    case 'button':
      return setButton(s, { tableId: tableId(op.t), seat: op.seat }, ctx);
    case 'final':
      return assembleFinalTable(s, ctx);
    case 'confirm':
      return confirmProposal(s, { proposalId: proposal(op.i) }, ctx);
    case 'override':
      return overrideProposal(s, { proposalId: proposal(op.i), to: target(op.t, op.seat, op.free) }, ctx);
    case 'reject':
      return rejectProposal(s, { proposalId: proposal(op.i) }, ctx);
  }
}

/** Runs a random sequence of operations and checks every invariant after each step. */
function checkSequence(field: number, seatsPerTable: number, policy: SeatingPolicy, ops: [Op, number][]): void {
  let s = initialDraw(undefined, { entryIds: entries(field), seatsPerTable, policy }, makeCtx(field)).state;
  const brokenEver = new Set<string>();
  for (const [op, seed] of ops) {
    const before = plainCopy(s);
    deepFreeze(s);
    let r: SeatingResult;
    try {
      r = apply(s, op, seed);
    } catch (e) {
      // A refusal is a DomainError with a code, and the input is left exactly as it was.
      expect(isDomainError(e), String(e)).toBe(true);
      expect(s).toEqual(before);
      continue;
    }
    const next = r.state;
    // No two players share a seat, nobody is seated twice, seatOf agrees, broken tables stay empty.
    expect(violations(next)).toEqual([]);
    // Nobody is lost or invented: only a knockout removes and only a late entry adds a player.
    const was = Object.keys(s.seatOf).sort();
    const now = Object.keys(next.seatOf).sort();
    if (op.k === 'ko') expect(now).toEqual(was.filter((e) => e !== pick(was, op.i)));
    else if (op.k === 'late') expect(now).toEqual([...was, `late-${lateCounter}`].sort());
    else expect(now).toEqual(was);
    // The audit is append-only.
    expect(next.moves.length).toBeGreaterThanOrEqual(s.moves.length);
    s.moves.forEach((m, i) => expect(next.moves[i]).toBe(m));
    // A broken table is never used again.
    for (const id of brokenEver) expect(next.tables[id]?.status).toBe('broken');
    for (const t of Object.values(next.tables)) if (t.status === 'broken') brokenEver.add(t.id);
    // The seat index is exactly what the tables say (a store may rebuild it from the tables alone).
    expect(indexSeats(next.tables)).toEqual(next.seatOf);
    expect(seatedCount(next)).toBe(now.length);
    // Untouched tables are shared, not rewritten.
    for (const [id, t] of Object.entries(next.tables)) {
      if (!r.touchedTables.includes(id)) expect(t).toBe(s.tables[id]);
    }
    const automatic = op.k === 'ko' || op.k === 'late' || op.k === 'break';
    const added = next.moves.slice(s.moves.length);
    if (policy.balancing === 'auto' && automatic) {
      expect(tableSkew(next)).toBeLessThanOrEqual(policy.allowedSkew);
    }
    if (policy.balancing === 'manual' && automatic) {
      // Manual mode: the system never moves anyone for balance on its own.
      expect(added.filter((m) => m.reason === 'balance')).toEqual([]);
    }
    s = next;
  }
}

const sequence = (balancing: SeatingPolicy['balancing']) =>
  fc.property(
    fc.integer({ min: 0, max: 70 }),
    fc.integer({ min: 2, max: 10 }),
    policyArb.map((p) => ({ ...p, balancing })),
    fc.array(fc.tuple(opArb, fc.nat()), { minLength: 10, maxLength: 80 }),
    checkSequence,
  );

describe('seating under random sequences of floor events', () => {
  it(
    'R-SEAT-2 R-SEAT-4 R-SEAT-5 R-SEAT-6 R-SEAT-7: automatic mode keeps every invariant and the skew; refusals change nothing',
    PROPERTY_TEST,
    () => {
      fc.assert(sequence('auto'), { numRuns: 100 });
    },
  );

  it('R-SEAT-8 R-SEAT-4 R-SEAT-5 R-SEAT-6 R-SEAT-7: manual mode keeps every invariant and never balances on its own', PROPERTY_TEST, () => {
    fc.assert(sequence('manual'), { numRuns: 100 });
  });
});
