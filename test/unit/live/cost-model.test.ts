import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIO,
  LIVE_PRICES,
  pollingCost,
  pushesPerPlayer,
  pushFirstCost,
  renderLiveCost,
  socketCost,
} from '../../../scripts/bench/cost/live';

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

  it('push-first prices phones by their foreground share and the pushes, below phones always connected', () => {
    const push = pushFirstCost();
    expect(push.usd).toBeLessThan(socketCost().usd / 2);
    const line = (c: typeof push, name: string) => c.lines.find((l) => l.item.startsWith(name))?.usd ?? NaN;
    // Screens and tablets all evening, each phone for its share of it.
    const s = DEFAULT_SCENARIO;
    const minutes = (s.screens + s.staff) * s.hours * 60 + s.phones * s.hours * 60 * s.foregroundShare;
    expect(line(push, 'API Gateway connection minutes')).toBeCloseTo((minutes / 1e6) * LIVE_PRICES.perMillionConnectionMinutes, 8);
    const perPlayer = Object.values(pushesPerPlayer()).reduce((a, b) => a + b, 0);
    expect(perPlayer).toBeGreaterThan(4);
    expect(line(push, 'SNS mobile push')).toBeCloseTo(((s.players * perPlayer) / 1e6) * LIVE_PRICES.perMillionMobilePushes, 8);
    // More time in the foreground costs more; phones never in the foreground cost their pushes and nothing on the socket.
    expect(pushFirstCost({ ...s, foregroundShare: 0.5 }).usd).toBeGreaterThan(push.usd);
    const pocket = pushFirstCost({ ...s, foregroundSessions: 0, foregroundShare: 0 });
    expect(line(pocket, 'REST reads')).toBe(0);
  });

  it('prints the whole evening beside its target when the tournament was measured', () => {
    const text = renderLiveCost(DEFAULT_SCENARIO, 0.05, 0.004);
    const total = 0.004 + pushFirstCost().usd;
    expect(text).toContain(`= $${total.toFixed(4)}** (target under $0.0150: ${total < 0.015 ? 'met' : 'NOT met'})`);
    expect(text).toContain('foreground 5% of the 5 hours in 3 sessions');
    expect(renderLiveCost()).toContain('play the tournament');
  });
});
