import { describe, expect, it } from 'vitest';
import {
  addon,
  bustEntry,
  cancelSettlement,
  debtsByPlayer,
  playerDebt,
  playerFeeOperations,
  playerSettlements,
  reenter,
  rebuy,
  settle,
} from '../../../domain/tournaments';
import type { SettingsInput } from '../../../domain/tournaments';
import { CASHIER, Desk, MIN, START } from './harness';

const PRICES = { buyIn: 150_000, rebuy: 100_000, reentry: 120_000, addon: 50_000 } as const;

/** p1: buy-in, rebuy, bust, re-entry, add-on. p2: buy-in. */
function evening(prices: Partial<SettingsInput> = PRICES) {
  const desk = new Desk(prices);
  const e1 = desk.seat('p1');
  desk.seat('p2');
  desk.status('running');
  desk.now = START + 20 * MIN;
  desk.run(rebuy, { entryId: e1 });
  desk.run(bustEntry, { entryId: e1 });
  desk.run(reenter, { playerId: 'p1' });
  desk.run(addon, { entryId: desk.reg('p1').entryId ?? '', breaksPassed: 1 });
  return desk;
}

describe('fees and settlement', () => {
  it('R-FEE-1: buy-ins, rebuys, re-entries and add-ons accrue as the player’s debt', () => {
    const desk = evening();
    expect(playerFeeOperations(desk.state, 'p1').map((f) => [f.kind, f.amount])).toEqual([
      ['buy_in', 150_000],
      ['rebuy', 100_000],
      ['reentry', 120_000],
      ['addon', 50_000],
    ]);
    expect(playerDebt(desk.state, 'p1')).toBe(420_000);
    expect(playerDebt(desk.state, 'p2')).toBe(150_000);
  });

  it('R-FEE-1: settle closes all of the player’s debt at once with one settlement record', () => {
    const desk = evening();
    desk.run(settle, { playerId: 'p1', method: 'card' }, CASHIER);
    const [s] = playerSettlements(desk.state, 'p1');
    expect(playerSettlements(desk.state, 'p1')).toHaveLength(1);
    expect(s).toMatchObject({ amount: 420_000, method: 'card', by: 'usr_cashier', at: desk.now, status: 'active' });
    expect(s?.feeOperationIds).toHaveLength(4);
    expect(playerFeeOperations(desk.state, 'p1').every((f) => f.settlementId === s?.id)).toBe(true);
    expect(playerDebt(desk.state, 'p1')).toBe(0);
    expect(playerDebt(desk.state, 'p2')).toBe(150_000);
    expect(desk.events).toEqual([{ type: 'settlement.created', settlementId: s?.id, playerId: 'p1', amount: 420_000, method: 'card' }]);
  });

  it('R-FEE-1: settling again with no debt changes nothing and makes no record', () => {
    const desk = evening();
    desk.run(settle, { playerId: 'p1', method: 'cash', expectedAmount: 420_000 }, CASHIER);
    const after = desk.state;
    const again = desk.run(settle, { playerId: 'p1', method: 'cash', expectedAmount: 420_000 }, CASHIER);
    expect(again.state).toBe(after);
    expect(again.events).toEqual([]);
    expect(playerSettlements(desk.state, 'p1')).toHaveLength(1);
    expect(desk.run(settle, { playerId: 'nobody', method: 'cash' }).state).toBe(after);
  });

  it('R-FEE-1: a debt that changed since the cashier looked is refused when the expected amount is given', () => {
    const desk = evening();
    expect(desk.refuse(settle, { playerId: 'p1', method: 'cash', expectedAmount: 370_000 }).code).toBe('DEBT_CHANGED');
  });

  it('R-FEE-1: fees after a settlement form a new debt, settled by a new record', () => {
    const desk = evening();
    desk.run(settle, { playerId: 'p1', method: 'cash' });
    desk.run(rebuy, { entryId: desk.reg('p1').entryId ?? '' });
    expect(playerDebt(desk.state, 'p1')).toBe(100_000);
    desk.run(settle, { playerId: 'p1', method: 'transfer' });
    expect(playerSettlements(desk.state, 'p1').map((s) => s.amount)).toEqual([420_000, 100_000]);
  });

  it('R-FEE-2: cancelling a settlement puts the debt back and keeps the record, marked cancelled', () => {
    const desk = evening();
    desk.run(settle, { playerId: 'p1', method: 'cash' });
    const id = playerSettlements(desk.state, 'p1')[0]?.id ?? '';
    desk.now += MIN;
    desk.run(cancelSettlement, { settlementId: id });
    expect(desk.state.settlements[id]).toMatchObject({ status: 'cancelled', cancelledAt: desk.now, amount: 420_000 });
    expect(playerDebt(desk.state, 'p1')).toBe(420_000);
    expect(playerFeeOperations(desk.state, 'p1').some((f) => 'settlementId' in f)).toBe(false);
    const again = desk.run(cancelSettlement, { settlementId: id });
    expect(again.events).toEqual([]);
    expect(desk.refuse(cancelSettlement, { settlementId: 'stl_missing' }).code).toBe('SETTLEMENT_NOT_FOUND');
  });

  it('R-FEE-3: settlement works in every status but cancelled, before or after bust-out', () => {
    const before = new Desk(PRICES);
    before.seat('p1');
    before.run(settle, { playerId: 'p1', method: 'cash' }); // registration_open, before the start
    expect(playerDebt(before.state, 'p1')).toBe(0);

    const busted = evening(); // p1's first entry busted, p2 still in
    busted.run(settle, { playerId: 'p2', method: 'cash' });
    busted.status('finished');
    busted.run(settle, { playerId: 'p1', method: 'cash' });
    expect(playerDebt(busted.state, 'p1')).toBe(0);
    expect(new Desk({}, 'announced').run(settle, { playerId: 'p1', method: 'cash' }).events).toEqual([]);

    const cancelled = evening();
    cancelled.run(settle, { playerId: 'p2', method: 'cash' });
    cancelled.status('cancelled');
    expect(cancelled.refuse(settle, { playerId: 'p1', method: 'cash' }).code).toBe('TOURNAMENT_CANCELLED');
    const id = playerSettlements(cancelled.state, 'p2')[0]?.id ?? '';
    expect(cancelled.refuse(cancelSettlement, { settlementId: id }).code).toBe('TOURNAMENT_CANCELLED');
  });

  it('R-MONEY-3: fee totals exist only as per-player debts; chips never depend on fees', () => {
    const desk = evening();
    expect(debtsByPlayer(desk.state)).toEqual({ p1: 420_000, p2: 150_000 });
    desk.run(settle, { playerId: 'p2', method: 'cash' });
    expect(debtsByPlayer(desk.state)).toEqual({ p1: 420_000 });
    // Same evening with every fee free: the same entries and chips, only the debts differ.
    const free = evening({ buyIn: 0, rebuy: 0, reentry: 0, addon: 0 });
    const chips = (d: Desk) => Object.values(d.state.entries).map((e) => [e.playerId, e.number, e.status, e.chips]);
    expect(chips(free)).toEqual(chips(evening()));
    expect(debtsByPlayer(free.state)).toEqual({});
  });
});
