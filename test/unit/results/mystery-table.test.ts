import { describe, expect, it } from 'vitest';
import {
  commitMysteryTable,
  drawFromTable,
  drawMystery,
  emptyKnockoutsState,
  mysterySeedHash,
  mysteryTableHash,
  mysteryTicket,
  recordKnockout,
  remainingQuantities,
  results,
  type BountySettings,
  type EntryRef,
  type KnockoutsState,
  type MysteryPrizeRow,
} from '../../../domain/results';
import { sha256, toHex, utf8 } from '../../../domain/holdem/sha256';
import { T0, expectRefusal, field, makeCtx, setStatus } from './fixtures';

const TABLE: MysteryPrizeRow[] = [
  { prize: 'Худи клуба', quantity: 1, order: 1 },
  { prize: 'Кепка клуба', quantity: 2, order: 2 },
];
const SEED = 'c2VjcmV0LXNlZWQtZm9yLXRlc3Rz';
const TABLE_MYSTERY: BountySettings = {
  type: 'mystery',
  mysteryDrawScope: 'per_knockout',
  mysteryPrizeSource: 'server_table',
  mysteryTable: { rows: TABLE, seed: SEED },
};

/** e1 busts e2..e5, one hand each. */
function history(): { state: KnockoutsState; entries: EntryRef[]; ids: string[] } {
  const ctx = makeCtx();
  let entries = field(5);
  let state = emptyKnockoutsState();
  const ids: string[] = [];
  for (const b of ['e2', 'e3', 'e4', 'e5']) {
    const r = recordKnockout(state, entries, { busted: [b], killers: ['e1'] }, ctx);
    state = r.state;
    entries = setStatus(entries, r.bust, 'busted');
    ids.push(r.knockouts[0]!.id);
  }
  return { state, entries, ids };
}

describe('mystery prize table (R-MYS-2)', () => {
  it('R-MYS-2: the commitment is the SHA-256 of the canonical table and of the seed; an unchanged table keeps it', () => {
    const c = commitMysteryTable(undefined, TABLE, SEED, T0);
    expect(c).toEqual({
      seed: SEED,
      seedHash: toHex(sha256(utf8(SEED))),
      tableHash: toHex(sha256(utf8('[{"prize":"Худи клуба","quantity":1,"order":1},{"prize":"Кепка клуба","quantity":2,"order":2}]'))),
      at: T0,
    });
    expect(mysterySeedHash(SEED)).toBe(c?.seedHash);
    expect(commitMysteryTable(c, [...TABLE], 'another', T0 + 1)).toBe(c);
    const changed = commitMysteryTable(c, [{ prize: 'Худи клуба', quantity: 2 }], 'another', T0 + 1);
    expect(changed).toMatchObject({ seed: 'another', at: T0 + 1 });
    expect(changed?.tableHash).not.toBe(mysteryTableHash(TABLE));
    expect(commitMysteryTable(c, [], 'x', T0)).toBeUndefined();
  });

  it('R-MYS-2: a ticket is uniform in [0, n) and replayable from the seed and the draw number', () => {
    const counts = [0, 0, 0];
    for (let s = 1; s <= 3000; s++) counts[mysteryTicket(SEED, s, 3)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    expect(mysteryTicket(SEED, 7, 1000)).toBe(mysteryTicket(SEED, 7, 1000));
    expect(drawFromTable(SEED, 1, [0, 0])).toBeUndefined();
    expect(drawFromTable(SEED, 1, [0, 3])).toBe(1);
  });

  it('R-MYS-2: the server draws from the table; quantities run down; an empty table refuses the draw', () => {
    const { state, ids } = history();
    const ctx = makeCtx();
    let s = state;
    const drawn: number[] = [];
    for (const id of ids.slice(0, 3)) {
      const r = drawMystery(s, { knockoutId: id }, ctx, TABLE_MYSTERY);
      s = r.state;
      // Each draw is the one the seed gives for its number and what was left before it.
      expect(r.draw.prizeIndex).toBe(
        drawFromTable(
          SEED,
          r.draw.sequence,
          remainingQuantities(TABLE, state).map((q, i) => q - drawn.filter((d) => d === i).length),
        ),
      );
      drawn.push(r.draw.prizeIndex as number);
      expect(r.draw.prizeText).toBe(TABLE[r.draw.prizeIndex as number]?.prize);
    }
    expect(drawn.sort()).toEqual([0, 1, 1]);
    expect(remainingQuantities(TABLE, s)).toEqual([0, 0]);
    expectRefusal('MYSTERY_TABLE_EXHAUSTED', [s], () => drawMystery(s, { knockoutId: ids[3] as string }, ctx, TABLE_MYSTERY), 'conflict');
  });

  it('R-MYS-2, R-MONEY-2: with the table the client gives no prize text; without a committed table no draw', () => {
    const { state, ids } = history();
    const ctx = makeCtx();
    const err = expectRefusal(
      'PRIZE_TEXT_NOT_ALLOWED',
      [state],
      () => drawMystery(state, { knockoutId: ids[0] as string, prizeText: 'Кепка' }, ctx, TABLE_MYSTERY),
      'rule',
    );
    expect(err.errors?.[0]?.field).toBe('prizeText');
    const { mysteryTable: _t, ...uncommitted } = TABLE_MYSTERY;
    expectRefusal(
      'MYSTERY_TABLE_NOT_COMMITTED',
      [state],
      () => drawMystery(state, { knockoutId: ids[0] as string }, ctx, uncommitted),
      'conflict',
    );
    // The hand-drawn envelopes stay available: client text, as before.
    const hand = drawMystery(state, { knockoutId: ids[0] as string, prizeText: 'Кепка клуба' }, ctx, { type: 'mystery' });
    expect(hand.draw.prizeText).toBe('Кепка клуба');
    expect('prizeIndex' in hand.draw).toBe(false);
  });

  it('R-MYS-2: per_killer_entry allows one table draw per killer entry; per_knockout one per knockout', () => {
    const { state, ids } = history();
    const ctx = makeCtx();
    const once = { ...TABLE_MYSTERY, mysteryDrawScope: 'per_killer_entry' as const };
    const first = drawMystery(state, { knockoutId: ids[0] as string }, ctx, once);
    expectRefusal(
      'MYSTERY_ALREADY_DRAWN',
      [first.state],
      () => drawMystery(first.state, { knockoutId: ids[1] as string }, ctx, once),
      'conflict',
    );
    expect(drawMystery(first.state, { knockoutId: ids[1] as string }, ctx, TABLE_MYSTERY).draw.sequence).toBe(2);
  });

  it('R-BTY-2, R-MYS-1: mystery results list the prizes each player drew', () => {
    const { state, entries, ids } = history();
    const ctx = makeCtx();
    let s = state;
    for (const id of ids.slice(0, 2)) s = drawMystery(s, { knockoutId: id }, ctx, TABLE_MYSTERY).state;
    const rows = results(s, entries, [], TABLE_MYSTERY);
    const texts = Object.values(s.mysteryDraws)
      .sort((a, b) => a.sequence - b.sequence)
      .map((d) => d.prizeText);
    expect(rows[0]).toMatchObject({ place: 1, playerId: 'p1', knockouts: 4, mysteryPrizes: texts });
    expect(rows.slice(1).every((r) => r.mysteryPrizes?.length === 0 && r.bounties === undefined)).toBe(true);
  });
});
