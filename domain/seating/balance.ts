import type { Context } from '../core/context';
import { seededRandom } from '../core/random';
import type { Random } from '../core/random';
import { drawSeed, SeatingDraft } from './draft';
import { lastOccupiedSeat, nextBigBlindSeat, occupiedAfter, worstFreeSeat } from './positions';
import type { MoverRule, SeatRef, SeatingResult, SeatingState, Table } from './types';

export interface PlannedMove {
  entryId: string;
  from: SeatRef;
  to: SeatRef;
}

/** R-SEAT-3: the seat of the player who leaves a table being balanced. */
export function moverSeat(table: Table, rule: MoverRule, rng: () => Random): number | undefined {
  switch (rule) {
    case 'big_blind_next':
      return nextBigBlindSeat(table);
    case 'last_seat':
      return lastOccupiedSeat(table);
    case 'random': {
      const occ = occupiedAfter(table.seats, -1);
      return occ.length ? occ[rng().int(occ.length)] : undefined;
    }
  }
}

/**
 * R-SEAT-2: while the fullest and the emptiest active table differ by more than the allowed skew,
 * one player goes from the fullest table to the worst free seat of the emptiest (ties: lowest table
 * number on both sides). Works on scratch copies; the draft is not changed. Each step lowers the sum
 * of squared table sizes, so it ends; each step is O(log tables).
 */
export function planBalance(draft: SeatingDraft, rng: () => Random): PlannedMove[] {
  const { allowedSkew, mover } = draft.base.policy;
  const index = draft.sizeIndex();
  const scratch = new Map<string, Table>();
  const tableOf = (id: string): Table => {
    let t = scratch.get(id);
    if (!t) {
      const src = draft.table(id) as Table;
      t = { ...src, seats: src.seats.slice() };
      scratch.set(id, t);
    }
    return t;
  };
  const planned: PlannedMove[] = [];
  for (;;) {
    const max = index.maxSize();
    const min = index.minSize();
    if (max === undefined || min === undefined || max - min <= allowedSkew) return planned;
    const giver = tableOf(index.lowestNumberedAt(max) as string);
    const receiver = tableOf(index.lowestNumberedAt(min) as string);
    const fromSeat = moverSeat(giver, mover, rng) as number;
    const toSeat = worstFreeSeat(receiver) as number;
    const entryId = giver.seats[fromSeat] as string;
    giver.seats[fromSeat] = null;
    receiver.seats[toSeat] = entryId;
    index.set(giver.id, max - 1);
    index.set(receiver.id, min + 1);
    planned.push({ entryId, from: { tableId: giver.id, seat: fromSeat }, to: { tableId: receiver.id, seat: toSeat } });
  }
}

/**
 * Balances the draft by its policy: automatic mode makes the moves; manual mode (R-SEAT-8) replaces
 * the pending proposals with the moves it would have made. A lot (random mover) records its seed.
 */
export function applyBalancing(draft: SeatingDraft): void {
  let seed: number | undefined;
  let rng: Random | undefined;
  const lazyRng = (): Random => {
    if (!rng) {
      seed = drawSeed(draft.ctx);
      rng = seededRandom(seed);
    }
    return rng;
  };
  const planned = planBalance(draft, lazyRng);
  const withSeed = seed !== undefined ? { seed } : {};
  if (draft.base.policy.balancing === 'manual') {
    draft.pendingProposals = planned.map((p) => ({
      id: draft.ctx.newId('prop'),
      entryId: p.entryId,
      from: p.from,
      to: p.to,
      reason: 'balance' as const,
      createdAt: draft.ctx.now,
      ...withSeed,
    }));
    if (planned.length) {
      draft.events.push({ type: 'seating.moves_proposed', proposalIds: draft.pendingProposals.map((p) => p.id) });
    }
    return;
  }
  for (const p of planned) draft.move(p.entryId, p.to, 'balance', withSeed);
}

/** R-SEAT-2 / R-SEAT-8: balance now (moves in automatic mode, proposals in manual mode). */
export function balance(state: SeatingState, ctx: Context): SeatingResult {
  const draft = new SeatingDraft(state, ctx);
  applyBalancing(draft);
  return draft.commit();
}
