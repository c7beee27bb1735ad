import { describe, expect, it } from 'vitest';
import { initialTimer, start } from '../../../domain/clock';
import type { BlindStructure } from '../../../domain/clock';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { entryAt, forcedBetsPostedAt, storeTimer } from '../../../domain/floor/dead-stacks';
import { Desk, MIN, START } from '../tournaments/harness';

/** Two levels of 1 minute with big blinds, 2 seats: an orbit = 2 hands = 4 minutes of play. */
const STEEP: BlindStructure = {
  id: 'steep',
  name: 'Steep',
  anteType: 'classic',
  levels: [
    { smallBlind: 1_000, bigBlind: 2_000, ante: 0, durationSec: 60, isBreak: false },
    { smallBlind: 3_000, bigBlind: 6_000, ante: 500, durationSec: 600, isBreak: false },
  ],
};

/** A running tournament in absent_mode with one player here and two absent, on the STEEP clock started now. */
function absentTable(): { desk: Desk; state: FloorTournament & { clock: NonNullable<FloorTournament['clock']> } } {
  const desk = new Desk({ noShowPolicy: 'absent_mode', seatsPerTable: 2, startingStack: 10_000 });
  desk.seat('here');
  desk.register('away1');
  desk.register('away2');
  desk.now = START;
  desk.status('running');
  const timer = start(initialTimer(), STEEP, START).timer;
  return { desk, state: { ...desk.state, clock: { timer, structure: STEEP } } };
}

describe('dead stacks from the start (R-NOSHOW-2)', () => {
  it('R-NOSHOW-2: a dead stack posts per orbit by the clock and shows what it has posted', () => {
    const { state } = absentTable();
    const away = Object.values(state.entries).find((e) => e.playerId === 'away1');
    expect(away).toMatchObject({ deadStack: true, deadStackFrom: 0, chips: 10_000 });
    // Orbit 1 completes at 4 minutes (level 1): 3000 + 6000 + 2 x 500 = 10000.
    expect(forcedBetsPostedAt(state, START + 4 * MIN - 1)).toBe(0);
    expect(forcedBetsPostedAt(state, START + 4 * MIN)).toBe(10_000);
    expect(entryAt(away as never, forcedBetsPostedAt(state, START + 4 * MIN)).forcedBetsPosted).toBe(10_000);
  });

  it('R-NOSHOW-2: a stack that has posted everything goes out at the next clock write, without knockout credit', () => {
    const { desk, state } = absentTable();
    const now = START + 5 * MIN;
    const ctx = { ...desk.ctx(), now };
    const r = storeTimer(state, state.clock.timer, STEEP, ctx);
    const gone = Object.values(r.state.entries).filter((e) => e.playerId.startsWith('away'));
    expect(gone.map((e) => e.status)).toEqual(['busted', 'busted']);
    expect(gone.every((e) => e.forcedBetsPosted === 10_000)).toBe(true);
    const kos = Object.values(r.state.knockouts?.knockouts ?? {});
    expect(kos).toHaveLength(2);
    // Emptied by the same orbit: one elimination number, no killer, no credit.
    expect(new Set(kos.map((k) => k.eliminationNumber))).toEqual(new Set([1]));
    expect(kos.every((k) => k.killers.length === 0)).toBe(true);
    expect(r.events.map((e) => e.type)).toContain('KnockoutRecorded');
    expect(r.state.clock?.forcedBets).toMatchObject({ posted: 10_000, levelIndex: 1 });
    // The player still here is untouched, and a second write changes nothing more.
    expect(Object.values(r.state.entries).find((e) => e.playerId === 'here')?.status).toBe('active');
    const again = storeTimer(r.state as typeof state, state.clock.timer, STEEP, ctx);
    expect(again.events).toEqual([]);
  });

  it('R-NOSHOW-2: before the orbit that empties it, the write leaves the dead stack in play', () => {
    const { desk, state } = absentTable();
    const r = storeTimer(state, state.clock.timer, STEEP, { ...desk.ctx(), now: START + 3 * MIN });
    expect(Object.values(r.state.entries).filter((e) => e.status === 'busted')).toEqual([]);
    expect(r.state.clock?.forcedBets?.posted).toBe(0);
  });
});
