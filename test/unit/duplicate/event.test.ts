import { describe, expect, it } from 'vitest';
import {
  closeRound,
  createEvent,
  enterCounts,
  handRecorded,
  checkHandSlot,
  renamePlayer,
  revealRound,
  startEvent,
  withdrawPlayer,
  type DuplicateEvent,
} from '../../../domain/duplicate/event';
import { roundDecks } from '../../../domain/duplicate/decks';
import { replayTable, tableHandRecord, type RecordedAction } from '../../../domain/duplicate/table-replay';
import { handDiagram } from '../../../domain/duplicate/diagram';
import { legalActions, applyAction } from '../../../domain/holdem/hand';
import { startFromRecord, type HandRecordV1 } from '../../../domain/holdem/record';
import { isDomainError } from '../../../domain/core/errors';
import type { DupTable } from '../../../domain/duplicate/seating';

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return isDomainError(e) ? e.code : String(e);
  }
  return undefined;
};

/** Everyone folds in turn: the big blind (or the last seat standing) takes the blinds. */
export function foldAround(record: HandRecordV1): RecordedAction[] {
  const st = startFromRecord(record);
  const out: RecordedAction[] = [];
  for (let legal = legalActions(st); legal; legal = legalActions(st)) {
    const a = { seat: legal.seat, action: legal.actions.includes('check') ? ('check' as const) : ('fold' as const) };
    applyAction(st, { seat: a.seat, type: a.action });
    out.push(a);
  }
  return out;
}

const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ playerId: `p${String(i + 1).padStart(2, '0')}`, name: `Player ${i + 1}` }));

function event(n = 11): DuplicateEvent {
  const ev = createEvent({
    eventId: 'd1',
    clubId: 'c1',
    settings: { name: 'Night', seatsPerTable: 6, startingStack: 5000, rounds: [{ hands: 6 }, { hands: 6 }] },
    players: players(n),
    now: 1,
    actor: 'owner',
  });
  return startEvent(ev, { seed: 'seed-1', seatingSeed: 'seats-1' }, 2);
}

const countsFor = (t: DupTable, chips: (seat: number) => number) => ({
  counts: t.seats.flatMap((p, i) => (p ? [{ playerId: p, chips: chips(i + 1) }] : [])),
  emptySeats: t.seats.flatMap((p, i) => (p ? [] : [{ seat: i + 1, chips: chips(i + 1) }])),
});

// The first replay builds the evaluator's tables (about a second idle): room for a busy machine.
describe('a Duplicate event, command by command', { timeout: 30_000 }, () => {
  it('R-DUP-2: the round is committed at its start; the seed is revealed only after it closes, and only once', () => {
    let ev = event();
    const r1 = ev.rounds[0];
    expect(r1?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(ev)).not.toContain('seed-1');
    expect(code(() => revealRound(ev, 1, 'seed-1', 3))).toBe('ROUND_NOT_CLOSED');
    for (const t of r1?.tables ?? [])
      ev = enterCounts(
        ev,
        1,
        t.table,
        countsFor(t, () => 5000),
        'floor',
        3,
      );
    ev = closeRound(ev, 1, { replayed: new Map(), next: { seed: 'seed-2', seatingSeed: 'seats-2' }, actor: 'floor', now: 4 });
    expect(
      code(() => closeRound(ev, 1, { replayed: new Map(), next: { seed: 'seed-3', seatingSeed: 'seats-3' }, actor: 'floor', now: 5 })),
    ).toBe('ROUND_CLOSED');
    expect(() => revealRound(ev, 1, 'not-the-seed', 5)).toThrow(/does not match/);
    ev = revealRound(ev, 1, 'seed-1', 5);
    expect(ev.rounds[0]?.seed).toBe('seed-1');
    expect(code(() => revealRound(ev, 1, 'seed-1', 6))).toBe('ROUND_ALREADY_REVEALED');
    expect(ev.rounds[1]?.status).toBe('playing');
    expect(ev.rounds[1]?.commitment).not.toBe(r1?.commitment);
  });

  it('R-PD-1: an erased player is renamed in place; seats and results keep the id; nothing to change gives no new version', () => {
    let ev = event();
    for (const t of ev.rounds[0]?.tables ?? [])
      ev = enterCounts(
        ev,
        1,
        t.table,
        countsFor(t, () => 5000),
        'floor',
        3,
      );
    ev = closeRound(ev, 1, { replayed: new Map(), next: { seed: 'seed-2', seatingSeed: 'seats-2' }, actor: 'floor', now: 4 });
    const renamed = renamePlayer(ev, 'p03', 'Deleted player');
    expect(renamed?.version).toBe(ev.version + 1);
    expect(JSON.stringify(renamed)).not.toContain('Player 3"');
    expect(renamed?.players.find((p) => p.playerId === 'p03')).toMatchObject({
      name: 'Deleted player',
      status: ev.players.find((p) => p.playerId === 'p03')?.status,
    });
    expect(renamed?.players.filter((p) => p.playerId !== 'p03')).toEqual(ev.players.filter((p) => p.playerId !== 'p03'));
    expect(renamed?.rounds).toEqual(ev.rounds);
    expect(renamePlayer(renamed as DuplicateEvent, 'p03', 'Deleted player')).toBeUndefined();
    expect(renamePlayer(ev, 'stranger', 'Deleted player')).toBeUndefined();
  });

  it('R-DUP-4: bad counts are refused with a stable code and change nothing', () => {
    const ev = event();
    const [t1, t2] = ev.rounds[0]?.tables as [DupTable, DupTable];
    const good = countsFor(t2, () => 5000);
    expect(
      code(() => enterCounts(ev, 1, 2, { ...good, counts: good.counts.map((c, i) => (i === 0 ? { ...c, chips: 5001 } : c)) }, 'f', 3)),
    ).toBe('COUNT_TOTAL_MISMATCH');
    expect(
      code(() =>
        enterCounts(ev, 1, 2, { ...good, counts: [...good.counts.slice(1), { playerId: t1.seats[0] as string, chips: 5000 }] }, 'f', 3),
      ),
    ).toBe('COUNT_PLAYER_NOT_AT_TABLE');
    expect(code(() => enterCounts(ev, 1, 2, { ...good, counts: good.counts.slice(1) }, 'f', 3))).toBe('COUNT_MISSING');
    expect(code(() => enterCounts(ev, 1, 2, { ...good, emptySeats: [] }, 'f', 3))).toBe('COUNT_EMPTY_SEATS');
    expect(code(() => enterCounts(ev, 1, 3, good, 'f', 3))).toBe('TABLE_NOT_FOUND');
    expect(code(() => enterCounts(ev, 2, 1, good, 'f', 3))).toBe('ROUND_NOT_FOUND');
    expect(ev.rounds[0]?.counts).toEqual({});
    expect(code(() => closeRound(ev, 1, { replayed: new Map(), next: undefined, actor: 'f', now: 4 }))).toBe('ROUND_INCOMPLETE');
    expect(code(() => withdrawPlayer(ev, 'p01'))).toBe('EVENT_STARTED');
  });

  it('R-DUP-5: the empty seat posts its blinds, is dealt, and the button passes over it as usual', () => {
    const ev = event();
    const r = ev.rounds[0];
    const short = r?.tables.find((t) => t.seats.includes(null)) as DupTable;
    expect(short.seats[5]).toBeNull();
    const decks = roundDecks('seed-1', 6);
    const recorded = new Map<number, RecordedAction[]>();
    let stacks = short.seats.map(() => 5000);
    for (let hand = 1; hand <= 6; hand++) {
      const rec = tableHandRecord({
        settings: ev.settings,
        round: r!.level,
        table: short,
        hand,
        deck: decks[hand - 1]!,
        stacks,
        actions: [],
      });
      recorded.set(hand, foldAround(rec));
      const partial = replayTable({ settings: ev.settings, round: r!.level, table: short, decks, recorded });
      stacks = partial.stacks;
    }
    const rep = replayTable({ settings: ev.settings, round: r!.level, table: short, decks, recorded });
    expect(rep.complete).toBe(true);
    // Hand 4: button 4, small blind 5, big blind 6 = the empty seat, which posts it.
    expect(rep.hands[3]?.replay.state.postings).toContainEqual({ seat: 6, kind: 'big-blind', amount: 25 });
    // Hand 5: the empty seat is the small blind; hand 6: it has the button.
    expect(rep.hands[4]?.replay.state.postings).toContainEqual({ seat: 6, kind: 'small-blind', amount: 25 });
    expect(rep.hands[5]?.record.button).toBe(6);
    expect(rep.hands[0]?.replay.state.seats.find((s) => s.seat === 6)?.cards).toHaveLength(2);
    // Chips only move: the table still holds 6 x 5000.
    expect(rep.stacks.reduce((a, b) => a + b, 0)).toBe(30_000);
  });

  it('R-DUP-7: hands replay from the known decks; a count that departs from them is flagged at close', () => {
    let ev = event();
    const r = ev.rounds[0]!;
    const decks = roundDecks('seed-1', 6);
    const replayed = new Map<number, number[]>();
    for (const t of r.tables) {
      const recorded = new Map<number, RecordedAction[]>();
      for (let hand = 1; hand <= 6; hand++) {
        checkHandSlot(ev, 1, t.table, hand);
        const before = replayTable({ settings: ev.settings, round: r.level, table: t, decks, recorded });
        recorded.set(
          hand,
          foldAround(
            tableHandRecord({
              settings: ev.settings,
              round: r.level,
              table: t,
              hand,
              deck: decks[hand - 1]!,
              stacks: before.stacks,
              actions: [],
            }),
          ),
        );
        ev = handRecorded(ev, 1, t.table, hand);
      }
      expect(code(() => checkHandSlot(ev, 1, t.table, 6))).toBe('HAND_ALREADY_RECORDED');
      const rep = replayTable({ settings: ev.settings, round: r.level, table: t, decks, recorded });
      replayed.set(t.table, rep.stacks);
      if (t.table === 1) {
        const diagram = handDiagram({ round: r, hand: 1, deck: decks[0]!, names: {}, replays: new Map([[1, rep.hands[0]!.replay]]) });
        expect(diagram.seatGroups).toHaveLength(6);
        expect(diagram.seatGroups[2]?.tables[0]).toMatchObject({ table: 1, recorded: true, net: 25 });
        expect(diagram.seatGroups[2]?.tables[1]).toMatchObject({ table: 2, recorded: false, net: null });
        expect(diagram.board).toHaveLength(5);
      }
    }
    expect(code(() => checkHandSlot(ev, 1, 1, 7))).toBe('HAND_NOT_FOUND');
    // Table 1's floor count swaps two seats' chips: entered counts stand, the difference is flagged.
    const t1 = r.tables[0]!;
    const stacks = replayed.get(1)!;
    const swapped = countsFor(t1, (seat) => (seat === 1 ? stacks[1]! : seat === 2 ? stacks[0]! : stacks[seat - 1]!));
    ev = enterCounts(ev, 1, 1, swapped, 'floor', 5);
    const closed = closeRound(ev, 1, { replayed, next: { seed: 'seed-2', seatingSeed: 'seats-2' }, actor: 'floor', now: 6 });
    const flags = closed.rounds[0]!.disagreements;
    if (stacks[0] !== stacks[1]) expect(flags.map((f) => f.seat).sort()).toEqual([1, 2]);
    else expect(flags).toEqual([]);
    expect(closed.rounds[0]!.results!.players).toHaveLength(11);
    expect(closed.status).toBe('running');
  });
});
