import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../domain/core/random';
import type { Context } from '../../../domain/core/context';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { entryBounties, mysteryTableView, progressiveOf, withMysteryCommitment } from '../../../domain/floor/bounties';
import { bountySettings, drawMysteryOnFloor, recordKnockoutOnFloor } from '../../../domain/floor/knockouts';
import { floorResults } from '../../../domain/floor/results';
import { mysterySeedHash } from '../../../domain/results';
import { Desk, HOUR, START } from '../tournaments/harness';

let ids = 0;
const ctxAt = (now: number): Context => ({
  now,
  actor: { id: 'usr_floor', role: 'manager' },
  rng: seededRandom(1),
  newId: (p) => `${p}_b${++ids}`,
});

function running(n: number, settings: Record<string, unknown>) {
  const desk = new Desk({ reentry: 100_000, ...settings }, 'registration_open', START - HOUR);
  const entries = Array.from({ length: n }, (_, i) => desk.seat(`p${i}`));
  desk.status('running');
  return { t: desk.state as FloorTournament, entries };
}

describe('bounties on the floor', () => {
  it('R-BTY-3: a progressive tournament stored before progressiveMode existed keeps counting as classic', () => {
    const { t } = running(3, { bountyType: 'progressive' });
    expect(progressiveOf(t)).toEqual({ initialBounty: 100, collectPercent: 50 });
    const { progressiveMode: _m, initialBounty: _i, progressiveCollectPercent: _p, ...old } = t.settings;
    const stored: FloorTournament = { ...t, settings: old };
    expect(bountySettings(stored).progressiveMode).toBe('as_classic');
    expect(progressiveOf(stored)).toBeUndefined();
  });

  it('R-BTY-3, R-BTY-2: the floor replays every entry bounty and the results show points', () => {
    const { t, entries } = running(3, { bountyType: 'progressive', initialBounty: 40, progressiveCollectPercent: 25 });
    const [a, b, c] = entries as [string, string, string];
    const k1 = recordKnockoutOnFloor(t, { busts: [{ entryId: c, killers: [a] }] }, ctxAt(START + HOUR));
    expect(entryBounties(k1.state, progressiveOf(k1.state)!).map((e) => [e.entryId, e.bounty, e.collected])).toEqual([
      [a, 70, 10],
      [b, 40, 0],
      [c, 40, 0],
    ]);
    const k2 = recordKnockoutOnFloor(k1.state, { busted: [b], killers: [a] }, ctxAt(START + HOUR));
    expect(floorResults(k2.state).map((r) => [r.playerId, r.bountyPoints])).toEqual([
      ['p0', 10 + 10 + 100],
      ['p1', 0],
      ['p2', 0],
    ]);
  });

  it('R-MYS-2: the commitment follows the table: made with it, kept while unchanged, dropped with it; the seed only at the end', () => {
    const desk = new Desk(
      { bountyType: 'mystery', mysteryPrizeTable: [{ prize: 'Кепка клуба', quantity: 2 }] },
      'announced',
      START - 2 * HOUR,
    );
    const t = withMysteryCommitment(desk.state as FloorTournament, 'seed-one', START);
    expect(t.mysteryCommitment).toMatchObject({ seed: 'seed-one', seedHash: mysterySeedHash('seed-one'), at: START });
    expect(withMysteryCommitment(t, 'seed-two', START + 1)).toBe(t);
    const view = mysteryTableView(t);
    expect(view).toMatchObject({
      source: 'server_table',
      seedHash: mysterySeedHash('seed-one'),
      prizes: [{ index: 0, prize: 'Кепка клуба', quantity: 2, remaining: 2 }],
    });
    expect(view.seed).toBeUndefined();
    expect(mysteryTableView({ ...t, status: 'finished' }).seed).toBe('seed-one');
    const noTable = withMysteryCommitment(
      { ...t, settings: { ...t.settings, mysteryPrizeSource: 'client_text', mysteryPrizeTable: undefined } },
      'x',
      START,
    );
    expect('mysteryCommitment' in noTable).toBe(false);
  });

  it('R-MYS-2: a draw on the floor takes its prize from the committed table and no other', () => {
    const { t, entries } = running(3, { bountyType: 'mystery', mysteryPrizeTable: [{ prize: 'Кепка клуба', quantity: 1 }] });
    const [a, b] = entries as [string, string];
    const k = recordKnockoutOnFloor(withMysteryCommitment(t, 'seed', START), { busted: [b], killers: [a] }, ctxAt(START + HOUR));
    const d = drawMysteryOnFloor(k.state, { knockoutId: k.knockoutIds[0] as string }, ctxAt(START + HOUR));
    expect(d.state.knockouts?.mysteryDraws[d.drawId]).toMatchObject({ prizeIndex: 0, prizeText: 'Кепка клуба' });
    // A table changed behind the commitment's back is not drawn from.
    const tampered: FloorTournament = {
      ...k.state,
      settings: { ...k.state.settings, mysteryPrizeTable: [{ prize: 'Худи клуба', quantity: 1 }] },
    };
    expect(() => drawMysteryOnFloor(tampered, { knockoutId: k.knockoutIds[0] as string }, ctxAt(START + HOUR))).toThrow(
      /no committed mystery prize table/,
    );
  });
});
