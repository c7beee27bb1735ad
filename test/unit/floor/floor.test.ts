import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import type { Context } from '../../../domain/core/context';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { drawSeating } from '../../../domain/floor/seating';
import { cancelKnockoutOnFloor, drawMysteryOnFloor, recordKnockoutOnFloor } from '../../../domain/floor/knockouts';
import { finishOnFloor, floorResults, floorStandings } from '../../../domain/floor/results';
import { seatNewEntries } from '../../../domain/floor/seat-new-entries';
import { checkIn, reenter } from '../../../domain/tournaments';
import { Desk, HOUR, START } from '../tournaments/harness';

let ids = 0;
const ctxAt = (now: number, seed = 1): Context => ({
  now,
  actor: { id: 'usr_floor', role: 'manager' },
  rng: seededRandom(seed),
  newId: (p) => `${p}_f${++ids}`,
});

/** A running tournament of `n` checked-in players, seated by a draw. */
function runningField(n: number, settings: Record<string, unknown> = {}) {
  const desk = new Desk({ seatsPerTable: 9, reentry: 100_000, ...settings }, 'registration_open', START - HOUR);
  const entries = Array.from({ length: n }, (_, i) => desk.seat(`p${i}`));
  desk.status('running');
  desk.now = START + 10 * 60_000;
  const drawn = drawSeating(desk.state as FloorTournament, ctxAt(desk.now));
  return { t: drawn.state, entries, desk };
}

const seatedIds = (t: FloorTournament) => Object.keys(t.seating?.seatOf ?? {}).sort();

function refused(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return e.code;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('knockouts on the floor', () => {
  it('R-KO-1, R-SEAT-6: a knockout busts the entry, frees its seat and balances the tables in one change', () => {
    const { t, entries } = runningField(18);
    const [a, b] = entries as [string, string];
    const r = recordKnockoutOnFloor(t, { busted: [a], killers: [b] }, ctxAt(START + HOUR));
    expect(r.state.entries[a]?.status).toBe('busted');
    expect(r.state.seating?.seatOf[a]).toBeUndefined();
    expect(seatedIds(r.state)).toHaveLength(17);
    expect(Object.values(r.state.knockouts?.knockouts ?? {})).toHaveLength(1);
    expect(t.entries[a]?.status).toBe('active');
  });

  it('R-KO-1: a busted entry is never recorded twice; a refusal changes nothing', () => {
    const { t, entries } = runningField(9);
    const [a, b, c] = entries as [string, string, string];
    const once = recordKnockoutOnFloor(t, { busted: [a], killers: [b] }, ctxAt(START + HOUR)).state;
    expect(refused(() => recordKnockoutOnFloor(once, { busted: [a], killers: [c] }, ctxAt(START + HOUR)))).toBe('ENTRY_NOT_ACTIVE');
    expect(refused(() => recordKnockoutOnFloor(once, { busted: [b], killers: [b] }, ctxAt(START + HOUR)))).toBe('SELF_KNOCKOUT');
  });

  it('R-KO-6: cancelling within the window revives the entry and seats it again', () => {
    const { t, entries } = runningField(10);
    const [a, b] = entries as [string, string];
    const at = START + HOUR;
    const ko = recordKnockoutOnFloor(t, { busted: [a], killers: [b] }, ctxAt(at));
    const back = cancelKnockoutOnFloor(ko.state, { knockoutId: ko.knockoutIds[0] as string }, ctxAt(at + 60_000));
    expect(back.state.entries[a]?.status).toBe('active');
    expect(back.state.seating?.seatOf[a]).toBeDefined();
    expect(seatedIds(back.state)).toEqual(seatedIds(t));
    expect(refused(() => cancelKnockoutOnFloor(ko.state, { knockoutId: ko.knockoutIds[0] as string }, ctxAt(at + 6 * 60_000)))).toBe(
      'KNOCKOUT_CANCEL_WINDOW_CLOSED',
    );
  });

  it('R-REENTRY-4, R-REENTRY-5: a re-entry is seated in the same change, and the knockout can no longer be cancelled', () => {
    const { t, entries } = runningField(10);
    const [a, b] = entries as [string, string];
    const at = START + HOUR;
    const ko = recordKnockoutOnFloor(t, { busted: [a], killers: [b] }, ctxAt(at));
    const re = reenter(ko.state, { playerId: 'p0' }, ctxAt(at + 1000));
    const seated = seatNewEntries(re.state as FloorTournament, re.events, ctxAt(at + 1000)).state;
    const newEntry = Object.values(seated.entries).find((e) => e.playerId === 'p0' && e.number === 2);
    expect(newEntry && seated.seating?.seatOf[newEntry.id]).toBeDefined();
    expect(refused(() => cancelKnockoutOnFloor(seated, { knockoutId: ko.knockoutIds[0] as string }, ctxAt(at + 2000)))).toBe(
      'PLAYER_REENTERED',
    );
  });

  it('R-MYS-1: a mystery draw needs the mystery bounty and is drawn once per killer entry', () => {
    const plain = runningField(4);
    const ko = recordKnockoutOnFloor(
      plain.t,
      { busted: [plain.entries[0] as string], killers: [plain.entries[1] as string] },
      ctxAt(START + HOUR),
    );
    expect(refused(() => drawMysteryOnFloor(ko.state, { knockoutId: ko.knockoutIds[0] as string }, ctxAt(START + HOUR)))).toBe(
      'MYSTERY_NOT_ENABLED',
    );

    const m = runningField(4, { bountyType: 'mystery', mysteryBounty: true });
    const k1 = recordKnockoutOnFloor(m.t, { busted: [m.entries[0] as string], killers: [m.entries[1] as string] }, ctxAt(START + HOUR));
    const d = drawMysteryOnFloor(k1.state, { knockoutId: k1.knockoutIds[0] as string, prizeText: 'Худи клуба' }, ctxAt(START + HOUR));
    expect(Object.values(d.state.knockouts?.mysteryDraws ?? {})).toHaveLength(1);
    const k2 = recordKnockoutOnFloor(d.state, { busted: [m.entries[2] as string], killers: [m.entries[1] as string] }, ctxAt(START + HOUR));
    expect(refused(() => drawMysteryOnFloor(k2.state, { knockoutId: k2.knockoutIds[0] as string }, ctxAt(START + HOUR)))).toBe(
      'MYSTERY_ALREADY_DRAWN',
    );
  });

  it('R-SEAT-6, R-REG-2: a knockout that promotes a waiting player frees the seat first; he takes it, no table opens', () => {
    const desk = new Desk({ seatsPerTable: 9, seatLimit: 18 }, 'registration_open', START - HOUR);
    const entries = Array.from({ length: 18 }, (_, i) => desk.seat(`p${i}`));
    const waiting = desk.register('late');
    desk.run(checkIn, { registrationId: waiting });
    desk.status('running');
    desk.now = START + 10 * 60_000;
    const t = drawSeating(desk.state as FloorTournament, ctxAt(desk.now)).state;
    const [a, b] = entries as [string, string];
    const r = recordKnockoutOnFloor(t, { busted: [a], killers: [b] }, ctxAt(desk.now));
    const promoted = r.state.registrations[waiting]?.entryId as string;
    expect(r.state.seating?.seatOf[promoted]).toEqual(t.seating?.seatOf[a]);
    expect(Object.keys(r.state.seating?.tables ?? {})).toHaveLength(2);
    expect(r.state.seating?.moves.map((m) => m.reason)).toEqual(['late_entry']);
    expect(r.flags).toMatchObject({ headsUp: false, finalTableReady: false });
  });

  it('knockouts are refused unless the tournament runs', () => {
    const desk = new Desk({}, 'registration_open');
    const a = desk.seat('x');
    const b = desk.seat('y');
    expect(refused(() => recordKnockoutOnFloor(desk.state as FloorTournament, { busted: [a], killers: [b] }, ctxAt(START)))).toBe(
      'TOURNAMENT_NOT_RUNNING',
    );
  });
});

describe('standings, results and finishing', () => {
  it('R-ITM-2, R-PLC-1: standings follow the field; places are refused while two entries are in play; finishing fixes them', () => {
    const { t, entries } = runningField(10, { itmPercent: 20, prizes: [{ place: 1, description: 'Кубок' }] });
    expect(floorStandings(t)).toMatchObject({ playersLeft: 10, placesPaid: 2 });
    let s = t;
    const at = START + HOUR;
    for (let i = 0; i < 8; i++)
      s = recordKnockoutOnFloor(s, { busted: [entries[i] as string], killers: [entries[9] as string] }, ctxAt(at + i)).state;
    expect(floorStandings(s)).toMatchObject({ playersLeft: 2, inTheMoney: true });
    expect(refused(() => floorResults(s))).toBe('PLACES_NOT_READY');
    expect(refused(() => finishOnFloor(s, ctxAt(at + 100)))).toBe('PLACES_NOT_READY');
    s = recordKnockoutOnFloor(s, { busted: [entries[8] as string], killers: [entries[9] as string] }, ctxAt(at + 200)).state;
    const done = finishOnFloor(s, ctxAt(at + 300)).state;
    expect(done.status).toBe('finished');
    expect(done.results?.rows[0]).toMatchObject({ place: 1, playerId: 'p9', knockouts: 9, prize: 'Кубок' });
    expect(done.results?.rows.at(-1)).toMatchObject({ place: 10, playerId: 'p0' });
  });
});

describe('prize presets', () => {
  it('R-PRZ-2: a preset gives the places their prizes, cut to the field; own rows and a preset together are refused', () => {
    const { t, entries } = runningField(3, { prizePreset: 'freerolls_for_itm', itmPercent: 10 });
    let s = t;
    s = recordKnockoutOnFloor(s, { busted: [entries[0] as string], killers: [entries[2] as string] }, ctxAt(START + HOUR)).state;
    s = recordKnockoutOnFloor(s, { busted: [entries[1] as string], killers: [entries[2] as string] }, ctxAt(START + HOUR + 1)).state;
    const rows = floorResults(s);
    expect(rows[0]?.prize).toBeDefined();
    expect(rows.filter((r) => r.prize !== undefined)).toHaveLength(1);
    expect(() => runningField(3, { prizePreset: 'club_merch', prizes: [{ place: 1, description: 'Кубок' }] })).toThrow();
  });
});

describe('drawing the seats', () => {
  it('R-SEAT-1: every checked-in entry gets one seat; a second draw is refused', () => {
    const { t, entries } = runningField(20);
    expect(seatedIds(t)).toEqual([...entries].sort());
    expect(Object.keys(t.seating?.tables ?? {})).toHaveLength(3);
    expect(refused(() => drawSeating(t, ctxAt(START + HOUR)))).toBe('SEATING_ALREADY_DRAWN');
  });
});

describe('the original behaviours stay available behind settings', () => {
  it('R-KO-3: with twoKillerCredit primary_only the second killer is kept for the audit, without credit', () => {
    for (const [mode, credits] of [
      ['both', [0.5, 0.5]],
      ['primary_only', [0.5]],
    ] as const) {
      const { t, entries } = runningField(4, { twoKillerCredit: mode });
      const ko = recordKnockoutOnFloor(
        t,
        { busted: [entries[0] as string], killers: [entries[1] as string, entries[2] as string] },
        ctxAt(START + HOUR),
      );
      const record = Object.values(ko.state.knockouts?.knockouts ?? {})[0];
      expect(record?.killers.map((k) => k.credit)).toEqual(credits);
      expect(record?.uncreditedKillers.length).toBe(mode === 'primary_only' ? 1 : 0);
    }
  });

  it('R-MYS-2: with mysteryDrawScope per_knockout a killer entry draws on each of its knockouts', () => {
    const m = runningField(5, { bountyType: 'mystery', mysteryBounty: true, mysteryDrawScope: 'per_knockout' });
    const killer = m.entries[4] as string;
    let s = m.t;
    for (const victim of [m.entries[0], m.entries[1]] as string[]) {
      const k = recordKnockoutOnFloor(s, { busted: [victim], killers: [killer] }, ctxAt(START + HOUR));
      s = drawMysteryOnFloor(k.state, { knockoutId: k.knockoutIds[0] as string }, ctxAt(START + HOUR)).state;
    }
    expect(Object.values(s.knockouts?.mysteryDraws ?? {}).map((d) => d.sequence)).toEqual([1, 2]);
  });
});
