import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, LIVE_PRICES, pollingCost, socketCost } from '../../../scripts/bench/cost/live';

describe('the cost model of live updates (npm run bench:cost)', () => {
  it('prices a 300-player, five-hour event over the socket under $0.05, well below polling every 30 s', () => {
    const socket = socketCost();
    expect(socket.usd).toBeLessThan(0.05);
    expect(pollingCost().usd).toBeGreaterThan(4 * socket.usd);
  });

  it('idle connections cost their minutes and keep-alives only: no event, no other line grows with them', () => {
    const idle = {
      ...DEFAULT_SCENARIO,
      phones: 10_000,
      knockouts: 0,
      lateEntries: 0,
      levelChanges: 0,
      tableBreaks: 0,
      preStartEvents: 0,
      players: 0,
    };
    const c = socketCost(idle);
    const clients = 10_000 + idle.screens + idle.staff;
    const minutes = clients * idle.hours * 60;
    const line = (name: string) => c.lines.find((l) => l.item.startsWith(name))?.usd ?? NaN;
    expect(line('API Gateway connection minutes')).toBeCloseTo((minutes / 1e6) * LIVE_PRICES.perMillionConnectionMinutes, 6);
    expect(line('Lambda: fan-out')).toBe(0);
  });
});
