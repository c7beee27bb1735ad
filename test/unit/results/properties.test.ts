import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancelKnockout,
  emptyKnockoutsState,
  paidPlaces,
  recordKnockout,
  results,
  type EntryRef,
  type KnockoutsState,
  type TwoKillerCredit,
} from '../../../domain/results';
import { T0, deepFreeze, entry, expectRefusal, makeCtx, setStatus } from './fixtures';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

/** How often each path ran, to check the generator reaches them. */
const stats = { reentries: 0, cancels: 0, refusedCancels: 0 };

interface Tournament {
  state: KnockoutsState;
  entries: EntryRef[];
  /** Kept by the simulation itself, independently of the engine: killers per standing knockout. */
  standing: Map<string, string[]>;
}

/**
 * Plays a random tournament to the end: knockouts of one to three entries by one or two
 * killers, re-entries, and cancellations of recent knockouts, until one entry is left.
 * Every call gets frozen inputs, so any mutation would throw.
 */
function simulate(players: number, voids: number, mode: TwoKillerCredit, choices: number[]): Tournament {
  let i = 0;
  const pick = (n: number): number => (choices[i++ % choices.length] ?? 0) % n;
  const ctx = makeCtx();
  let entries: EntryRef[] = [
    ...Array.from({ length: players }, (_, k) => entry(`e${k + 1}`, `p${k + 1}`)),
    ...Array.from({ length: voids }, (_, k) => entry(`v${k + 1}`, `q${k + 1}`, 1, 'void')),
  ];
  let state = emptyKnockoutsState();
  const standing = new Map<string, string[]>();
  let reentries = 0;
  let cancels = 0;
  for (let step = 0; entries.filter((e) => e.status === 'active').length > 1; step++) {
    const now = T0 + step * 1000;
    const active = entries.filter((e) => e.status === 'active');
    const action = pick(10);
    if (action === 7 && reentries < players) {
      const lastOf = (p: string) => entries.filter((e) => e.playerId === p && e.status !== 'void').at(-1);
      const out = [...new Set(entries.map((e) => e.playerId))].filter((p) => lastOf(p)?.status === 'busted');
      if (out.length > 0) {
        const p = out[pick(out.length)] as string;
        const number = (lastOf(p)?.number ?? 0) + 1;
        entries = [...entries, entry(`${p}-r${number}`, p, number, 'active', now)];
        reentries++;
        stats.reentries++;
        continue;
      }
    }
    if (action === 8 && cancels < players && standing.size > 0) {
      const ids = [...standing.keys()];
      const id = ids[pick(ids.length)] as string;
      const ko = state.knockouts[id]!;
      const busted = entries.find((e) => e.id === ko.bustedEntryId)!;
      const reentered = entries.some((e) => e.playerId === busted.playerId && e.number > busted.number);
      cancels++;
      if (reentered) {
        // R-REENTRY-5: the engine must refuse, and the simulation carries on unchanged.
        const frozen = [deepFreeze(state), deepFreeze(entries)] as const;
        expectRefusal('PLAYER_REENTERED', frozen, () => cancelKnockout(frozen[0], frozen[1], { knockoutId: id }, { ...ctx, now }));
        stats.refusedCancels++;
        continue;
      }
      const r = cancelKnockout(deepFreeze(state), deepFreeze(entries), { knockoutId: id }, { ...ctx, now });
      state = r.state;
      entries = setStatus(entries, [r.revive], 'active');
      standing.delete(id);
      stats.cancels++;
      continue;
    }
    const order = active.slice();
    for (let k = order.length - 1; k > 0; k--) {
      const j = pick(k + 1);
      [order[k], order[j]] = [order[j] as EntryRef, order[k] as EntryRef];
    }
    const killerCount = active.length >= 3 ? 1 + pick(2) : 1;
    const killers = order.slice(0, killerCount).map((e) => e.id);
    const bustCount = 1 + pick(Math.min(3, active.length - killerCount));
    const busted = order.slice(killerCount, killerCount + bustCount).map((e) => e.id);
    const r = recordKnockout(
      deepFreeze(state),
      deepFreeze(entries),
      { busted, killers },
      { ...ctx, now },
      {
        twoKillerCredit: mode,
      },
    );
    state = r.state;
    entries = setStatus(entries, r.bust, 'busted');
    for (const ko of r.knockouts) standing.set(ko.id, killers);
  }
  return { state, entries, standing };
}

const tournament = fc.record({
  players: fc.integer({ min: 2, max: 12 }),
  voids: fc.integer({ min: 0, max: 2 }),
  mode: fc.constantFrom<TwoKillerCredit>('both', 'primary_only'),
  choices: fc.array(fc.nat({ max: 10_000 }), { minLength: 50, maxLength: 400 }),
});

describe('properties of a whole tournament', () => {
  it('R-PLC-2: places are a ranking with ties of the right width, ordered by elimination, no misnumbering', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(tournament, ({ players, voids, mode, choices }) => {
        const { state, entries } = simulate(players, voids, mode, choices);
        const rows = results(state, entries);
        // One row per player who played, none for void-only players.
        expect(rows.map((r) => r.playerId).sort()).toEqual(Array.from({ length: players }, (_, k) => `p${k + 1}`).sort());
        // The key each row is ranked by: the elimination number of its last entry.
        const numberOf = (entryId: string): number => {
          const ko = Object.values(state.knockouts).find((k) => k.status === 'active' && k.bustedEntryId === entryId);
          return ko ? ko.eliminationNumber : Number.POSITIVE_INFINITY;
        };
        const keys = rows.map((r) => numberOf(r.lastEntryId));
        rows.forEach((r, idx) => {
          const better = keys.filter((k) => k > (keys[idx] as number)).length;
          expect(r.place).toBe(better + 1);
        });
        // Ties: a block of k rows on place p is followed by place p + k; the last block ends at n.
        const places = rows.map((r) => r.place);
        const distinct = [...new Set(places)];
        expect(distinct[0]).toBe(1);
        distinct.forEach((p, idx) => {
          const width = places.filter((x) => x === p).length;
          expect(distinct[idx + 1] ?? rows.length + 1).toBe(p + width);
        });
        expect(places).toEqual(places.slice().sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });

  it('R-PLC-1: the champion is unique and is the entry still in play', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(tournament, ({ players, voids, mode, choices }) => {
        const { state, entries } = simulate(players, voids, mode, choices);
        const champions = results(state, entries).filter((r) => r.place === 1);
        expect(champions).toHaveLength(1);
        const active = entries.filter((e) => e.status === 'active');
        expect(active).toHaveLength(1);
        expect(champions[0]?.lastEntryId).toBe(active[0]?.id);
      }),
      { numRuns: 200 },
    );
  });

  it(
    'R-KO-3: the credits sum to the standing knockouts weighted 1.0 per single killer and 0.5 per credited co-killer',
    PROPERTY_TEST,
    () => {
      fc.assert(
        fc.property(tournament, ({ players, voids, mode, choices }) => {
          const { state, entries, standing } = simulate(players, voids, mode, choices);
          const rows = results(state, entries);
          let expected = 0;
          const perPlayer = new Map<string, number>();
          const playerOf = (entryId: string) => entries.find((e) => e.id === entryId)?.playerId as string;
          for (const killers of standing.values()) {
            const credited = killers.length === 1 ? killers : mode === 'both' ? killers : killers.slice(0, 1);
            const credit = killers.length === 1 ? 1 : 0.5;
            for (const k of credited) {
              expected += credit;
              perPlayer.set(playerOf(k), (perPlayer.get(playerOf(k)) ?? 0) + credit);
            }
          }
          expect(rows.reduce((s, r) => s + r.knockouts, 0)).toBe(expected);
          if (mode === 'both') expect(expected).toBe(standing.size);
          for (const r of rows) expect(r.knockouts).toBe(perPlayer.get(r.playerId) ?? 0);
        }),
        { numRuns: 200 },
      );
    },
  );
});

describe('the generator', () => {
  it('R-REENTRY-5: generated tournaments include re-entries, cancellations and refused cancellations', () => {
    Object.assign(stats, { reentries: 0, cancels: 0, refusedCancels: 0 });
    for (const t of fc.sample(tournament, { numRuns: 100, seed: 7 })) simulate(t.players, t.voids, t.mode, t.choices);
    expect(stats.reentries).toBeGreaterThan(10);
    expect(stats.cancels).toBeGreaterThan(10);
    expect(stats.refusedCancels).toBeGreaterThan(0);
  });
});

describe('properties of paid places', () => {
  it('R-ITM-1: within [min(minimum, field), field], non-decreasing in the field and in the percent', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.nat({ max: 2000 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 50 }), (n, percent, minimum) => {
        const paid = paidPlaces(n, percent, minimum);
        expect(paid).toBeLessThanOrEqual(n);
        expect(paid).toBeGreaterThanOrEqual(Math.min(minimum, n));
        expect(Math.abs(paid - Math.max(Math.min(minimum, n), (n * percent) / 100))).toBeLessThanOrEqual(0.5);
        expect(paidPlaces(n + 1, percent, minimum)).toBeGreaterThanOrEqual(paid);
        if (percent < 100) expect(paidPlaces(n, percent + 1, minimum)).toBeGreaterThanOrEqual(paid);
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });
});
