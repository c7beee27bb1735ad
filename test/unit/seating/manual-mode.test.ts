import { describe, expect, it } from 'vitest';
import {
  afterKnockout,
  confirmProposal,
  movePlayer,
  overrideProposal,
  rejectProposal,
  seatLateEntrant,
  setSeatingPolicy,
  tableSkew,
} from '../../../domain/seating';
import type { SeatRef, SeatingPolicy, SeatingState } from '../../../domain/seating';
import { activeSizes, deepFreeze, drawn, expectRefusedUnchanged, makeCtx, tableByNumber, violations } from './helpers';

/** Three full 10-seat tables; table 1 loses seats 5 and 7, leaving 8 v 10 v 10. */
function skewed(policy: Partial<SeatingPolicy>): SeatingState {
  let s = drawn(30, 10, 3, policy);
  const t1 = tableByNumber(s, 1);
  s = afterKnockout(s, { entryId: t1.seats[5] as string }, makeCtx()).state;
  return afterKnockout(s, { entryId: t1.seats[7] as string }, makeCtx(12)).state;
}

describe('manual balancing mode', () => {
  it('R-SEAT-8: a knockout leaves the seat empty and proposes the move automatic mode would make', () => {
    const manual = skewed({ balancing: 'manual' });
    const auto = skewed({ balancing: 'auto' });
    expect(manual.moves).toHaveLength(0);
    expect(activeSizes(manual)).toEqual([8, 10, 10]);
    expect(manual.pendingProposals).toHaveLength(1);
    const [p] = manual.pendingProposals ?? [];
    // Same player, same seats (table ids differ between the two draws, table numbers do not).
    const at = (st: SeatingState, ref: SeatRef | undefined) => [st.tables[ref?.tableId as string]?.number, ref?.seat];
    const m = auto.moves[0];
    expect(p?.reason).toBe('balance');
    expect(p?.entryId).toBe(m?.entryId);
    expect(at(manual, p?.from)).toEqual(at(auto, m?.from));
    expect(at(manual, p?.to)).toEqual(at(auto, m?.to));
    expect(at(manual, p?.to)).toEqual([1, 5]);
  });

  it('R-SEAT-8: the floor confirms a proposal, which then moves the player', () => {
    const s = deepFreeze(skewed({ balancing: 'manual' }));
    const p = s.pendingProposals?.[0];
    const r = confirmProposal(s, { proposalId: p?.id as string }, makeCtx());
    expect(r.state.moves).toHaveLength(1);
    expect(r.state.moves[0]).toMatchObject({ entryId: p?.entryId, from: p?.from, to: p?.to, reason: 'balance', proposalId: p?.id });
    expect(r.state.pendingProposals).toBeUndefined();
    expect(activeSizes(r.state)).toEqual([9, 9, 10]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'seating.player_moved', entryId: p?.entryId }));
  });

  it('R-SEAT-8: the floor may override the target seat or reject the proposal', () => {
    const s = deepFreeze(skewed({ balancing: 'manual' }));
    const p = s.pendingProposals?.[0];
    const t1 = tableByNumber(s, 1);
    const over = overrideProposal(s, { proposalId: p?.id as string, to: { tableId: t1.id, seat: 7 } }, makeCtx());
    expect(over.state.seatOf[p?.entryId as string]).toEqual({ tableId: t1.id, seat: 7 });
    expect(over.state.moves[0]).toMatchObject({ reason: 'manual', proposalId: p?.id });
    expect(over.state.pendingProposals).toBeUndefined();

    const rej = rejectProposal(s, { proposalId: p?.id as string }, makeCtx());
    expect(rej.state.moves).toHaveLength(0);
    expect(rej.state.pendingProposals).toBeUndefined();
    expect(rej.state.tables).toBe(s.tables);
  });

  it('R-SEAT-8: refuses unknown and stale proposals and a taken override seat, leaving the state as it was', () => {
    const s = skewed({ balancing: 'manual' });
    const p = s.pendingProposals?.[0];
    const t1 = tableByNumber(s, 1);
    expectRefusedUnchanged(s, (x) => confirmProposal(x, { proposalId: 'prop_x' }, makeCtx()), 'PROPOSAL_NOT_FOUND');
    expectRefusedUnchanged(s, (x) => rejectProposal(x, { proposalId: 'prop_x' }, makeCtx()), 'PROPOSAL_NOT_FOUND');
    expectRefusedUnchanged(
      s,
      (x) => overrideProposal(x, { proposalId: p?.id as string, to: { tableId: t1.id, seat: 0 } }, makeCtx()),
      'SEAT_OCCUPIED',
    );
    // The floor moved the player by hand meanwhile: the proposal is stale.
    const moved = movePlayer(s, { entryId: p?.entryId as string, to: { tableId: t1.id, seat: 7 } }, makeCtx()).state;
    expectRefusedUnchanged(moved, (x) => confirmProposal(x, { proposalId: p?.id as string }, makeCtx()), 'PROPOSAL_STALE');
    // Another player took the proposed seat: stale as well.
    const other = tableByNumber(s, 3).seats[0] as string;
    const taken = movePlayer(s, { entryId: other, to: p?.to as never }, makeCtx()).state;
    expectRefusedUnchanged(taken, (x) => confirmProposal(x, { proposalId: p?.id as string }, makeCtx()), 'PROPOSAL_STALE');
  });

  it('R-SEAT-8: late entrants are still seated automatically; balancing after them is proposed', () => {
    const s = drawn(20, 10, 2, { balancing: 'manual' });
    const r = seatLateEntrant(s, { entryId: 'late-1' }, makeCtx());
    expect(r.state.seatOf['late-1']).toBeDefined();
    expect(r.state.moves.map((m) => m.reason)).toEqual(['late_entry']);
    expect(r.state.pendingProposals?.length).toBe(6);
    let x = r.state;
    while (x.pendingProposals?.length) {
      x = confirmProposal(x, { proposalId: x.pendingProposals[0]?.id as string }, makeCtx()).state;
      expect(violations(x)).toEqual([]);
    }
    expect(tableSkew(x)).toBe(0);
  });

  it('R-SEAT-8: switching back to automatic mode drops the pending proposals', () => {
    const s = skewed({ balancing: 'manual' });
    const r = setSeatingPolicy(s, { balancing: 'auto' }, makeCtx());
    expect(r.state.pendingProposals).toBeUndefined();
    expect(r.state.policy.balancing).toBe('auto');
    expectRefusedUnchanged(s, (x) => setSeatingPolicy(x, { balancing: 'sometimes' as never }, makeCtx()), 'BALANCING_MODE_INVALID');
  });
});
