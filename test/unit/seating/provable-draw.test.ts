import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { dealRoundRobin, drawStream, initialDraw, provableOrder, seatDrawCommitment } from '../../../domain/seating';
import { commitSeatDraw } from '../../../domain/floor/seat-draw';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { entries, makeCtx } from './helpers';

describe('R-DRAW-1: the provable seat draw', () => {
  const seed = 'a-committed-seed';

  it('R-DRAW-1: the commitment is the SHA-256 of the seed, and the draw depends on the seed and the set of entries only', () => {
    expect(seatDrawCommitment(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
    const ids = entries(23);
    const a = initialDraw(undefined, { entryIds: ids, seatsPerTable: 9, committedSeed: seed }, makeCtx(1)).state;
    const b = initialDraw(undefined, { entryIds: [...ids].reverse(), seatsPerTable: 9, committedSeed: seed }, makeCtx(99)).state;
    const layout = (s: typeof a) => Object.values(s.tables).map((t) => t.seats);
    expect(layout(a)).toEqual(layout(b));
    expect(layout(a)).toEqual(dealRoundRobin(provableOrder(ids, seed), 9));
    expect(a.draws[0]).toMatchObject({ kind: 'initial', commitment: seatDrawCommitment(seed) });
    expect(a.draws[0]?.seed).toBeUndefined();
    expect(layout(initialDraw(undefined, { entryIds: ids, seatsPerTable: 9, committedSeed: `${seed}!` }, makeCtx(1)).state)).not.toEqual(
      layout(a),
    );
  });

  it('R-DRAW-1: draws are uniform in range and every entry is placed once', () => {
    const draw = drawStream(seed, 'test');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = draw(7);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(7);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
    expect(provableOrder(entries(100), seed).sort()).toEqual(entries(100).sort());
  });

  it('R-DRAW-1: a published commitment never changes: committing again keeps it, and after the draw nothing is committed', () => {
    const t = { id: 't', status: 'registration_open', updatedAt: 0 } as unknown as FloorTournament;
    const first = commitSeatDraw(t, 'seed-one', 1);
    expect(first.seatDraw?.commitment).toBe(seatDrawCommitment('seed-one'));
    const again = commitSeatDraw({ ...first, status: 'running' }, 'seed-two', 2);
    expect(again.seatDraw).toBe(first.seatDraw);
    const announced = { ...t, status: 'announced' } as FloorTournament;
    expect(commitSeatDraw(announced, 'seed-three', 3)).toBe(announced);
  });
});
