import { describe, expect, it } from 'vitest';
import {
  emptyKnockoutsState,
  finalPlaces,
  presetRows,
  recordKnockout,
  results,
  resultsToCsv,
  type EntryRef,
  type KnockoutSettings,
  type KnockoutsState,
  type RecordKnockoutCommand,
} from '../../../domain/results';
import { MINUTE, T0, entry, expectRefusal, field, makeCtx, setStatus } from './fixtures';

type Step = RecordKnockoutCommand | { reenter: string; entryId: string };

/** Plays the steps the way the floor would, applying busts and re-entries to the entries. */
function play(start: EntryRef[], steps: Step[], settings: KnockoutSettings = {}) {
  const ctx = makeCtx();
  let entries = start;
  let state: KnockoutsState = emptyKnockoutsState();
  steps.forEach((step, i) => {
    if ('reenter' in step) {
      const n = Math.max(...entries.filter((e) => e.playerId === step.reenter).map((e) => e.number)) + 1;
      entries = [...entries, entry(step.entryId, step.reenter, n, 'active', T0 + i * MINUTE)];
      return;
    }
    const r = recordKnockout(state, entries, step, { ...ctx, now: T0 + i * MINUTE }, settings);
    state = r.state;
    entries = setStatus(entries, r.bust, 'busted');
  });
  return { state, entries };
}

/**
 * The example of section 3.7: p1 busts p5 alone, busts p4 together with p2, is busted by p3,
 * re-enters, busts p2 and is busted again by p3. p1's knockouts: 1 + 0.5 + 1 = 2.5.
 */
const REENTRY_STORY: Step[] = [
  { busted: ['e5'], killers: ['e1'] },
  { busted: ['e4'], killers: ['e1', 'e2'] },
  { busted: ['e1'], killers: ['e3'] },
  { reenter: 'p1', entryId: 'e1b' },
  { busted: ['e2'], killers: ['e1b'] },
  { busted: ['e1b'], killers: ['e3'] },
];

describe('final places', () => {
  it('R-PLC-1: the single entry still in play is the champion', () => {
    const { state, entries } = play(field(3), [
      { busted: ['e3'], killers: ['e2'] },
      { busted: ['e2'], killers: ['e1'] },
    ]);
    const rows = finalPlaces(state, entries);
    expect(rows[0]).toEqual({ place: 1, playerId: 'p1', entryIds: ['e1'], lastEntryId: 'e1', eliminationNumber: null });
    expect(rows.filter((r) => r.place === 1)).toHaveLength(1);
  });

  it('R-PLC-1: refuses to place while more than one entry is in play', () => {
    const { state, entries } = play(field(4), [{ busted: ['e4'], killers: ['e1'] }]);
    expectRefusal('PLACES_NOT_READY', [state, entries], () => finalPlaces(state, entries), 'conflict');
    expectRefusal('PLACES_NOT_READY', [state, entries], () => results(state, entries));
  });

  it('R-PLC-1: void entries are excluded from the places', () => {
    const start = [...field(3), entry('v4', 'p4', 1, 'void'), entry('v1', 'p1', 2, 'void')];
    const { state, entries } = play(start, [
      { busted: ['e3'], killers: ['e1'] },
      { busted: ['e2'], killers: ['e1'] },
    ]);
    const rows = finalPlaces(state, entries);
    expect(rows.map((r) => [r.place, r.playerId, r.entryIds])).toEqual([
      [1, 'p1', ['e1']],
      [2, 'p2', ['e2']],
      [3, 'p3', ['e3']],
    ]);
    expect(finalPlaces(emptyKnockoutsState(), [entry('v', 'p', 1, 'void')])).toEqual([]);
  });

  it('R-PLC-1: a busted entry with no knockout record cannot be placed', () => {
    const entries = setStatus(field(2), ['e2'], 'busted');
    expectRefusal('ELIMINATION_NOT_RECORDED', [entries], () => finalPlaces(emptyKnockoutsState(), entries));
  });

  it('R-PLC-2: later elimination ranks higher; two out together for places 5-6 both get 5th, next is 7th', () => {
    const { state, entries } = play(field(8), [
      { busted: ['e8'], killers: ['e1'] },
      { busted: ['e7'], killers: ['e1'] },
      { busted: ['e5', 'e6'], killers: ['e2'] },
      { busted: ['e4'], killers: ['e1'] },
      { busted: ['e3'], killers: ['e1'] },
      { busted: ['e2'], killers: ['e1'] },
    ]);
    expect(finalPlaces(state, entries).map((r) => [r.playerId, r.place])).toEqual([
      ['p1', 1],
      ['p2', 2],
      ['p3', 3],
      ['p4', 4],
      ['p5', 5],
      ['p6', 5],
      ['p7', 7],
      ['p8', 8],
    ]);
  });

  it('R-KO-4: three busted in one hand share the best place of their block', () => {
    const { state, entries } = play(field(5), [
      { busted: ['e3', 'e4', 'e5'], killers: ['e1'] },
      { busted: ['e2'], killers: ['e1'] },
    ]);
    expect(finalPlaces(state, entries).map((r) => r.place)).toEqual([1, 2, 3, 3, 3]);
  });

  it('R-PLC-3: re-entries collapse to the last entry; knockouts sum to 2.5 over all entries', () => {
    const { state, entries } = play(field(5), REENTRY_STORY);
    const rows = results(state, entries);
    expect(rows).toEqual([
      { place: 1, playerId: 'p3', entryIds: ['e3'], lastEntryId: 'e3', knockouts: 2 },
      { place: 2, playerId: 'p1', entryIds: ['e1', 'e1b'], lastEntryId: 'e1b', knockouts: 2.5 },
      { place: 3, playerId: 'p2', entryIds: ['e2'], lastEntryId: 'e2', knockouts: 0.5 },
      { place: 4, playerId: 'p4', entryIds: ['e4'], lastEntryId: 'e4', knockouts: 0 },
      { place: 5, playerId: 'p5', entryIds: ['e5'], lastEntryId: 'e5', knockouts: 0 },
    ]);
  });

  it('R-REENTRY-6: one final place per player, from the last entry (the first entry gets none)', () => {
    const { state, entries } = play(field(5), REENTRY_STORY);
    const rows = finalPlaces(state, entries);
    expect(rows.filter((r) => r.playerId === 'p1')).toHaveLength(1);
    // e1 went out third, e1b fifth: the place is the one of e1b.
    expect(rows.find((r) => r.playerId === 'p1')).toMatchObject({ place: 2, eliminationNumber: 5 });
    expect(rows.some((r) => r.lastEntryId === 'e1')).toBe(false);
  });

  it('R-REENTRY-6: a re-entered champion is placed first with credits from both entries', () => {
    const { state, entries } = play(field(3), [
      { busted: ['e1'], killers: ['e2'] },
      { reenter: 'p1', entryId: 'e1b' },
      { busted: ['e3'], killers: ['e1b'] },
      { busted: ['e2'], killers: ['e1b'] },
    ]);
    expect(results(state, entries)[0]).toEqual({
      place: 1,
      playerId: 'p1',
      entryIds: ['e1', 'e1b'],
      lastEntryId: 'e1b',
      knockouts: 2,
    });
  });

  it('R-KO-3 (DEBT): under primary_only the second killer earns nothing in the results', () => {
    const { state, entries } = play(field(5), REENTRY_STORY, { twoKillerCredit: 'primary_only' });
    const byPlayer = Object.fromEntries(results(state, entries).map((r) => [r.playerId, r.knockouts]));
    expect(byPlayer).toEqual({ p1: 2.5, p2: 0, p3: 2, p4: 0, p5: 0 });
  });
});

describe('results with prizes and CSV', () => {
  it('R-PRZ-2: each place takes its prize from the rows; players sharing a place share its prize', () => {
    const { state, entries } = play(field(4), [
      { busted: ['e3', 'e4'], killers: ['e1'] },
      { busted: ['e2'], killers: ['e1'] },
    ]);
    const rows = results(state, entries, presetRows('club_merch', entries.length));
    expect(rows.map((r) => [r.playerId, r.place, r.prize])).toEqual([
      ['p1', 1, 'Худи клуба'],
      ['p2', 2, 'Футболка клуба'],
      ['p3', 3, 'Бейсболка клуба'],
      ['p4', 3, 'Бейсболка клуба'],
    ]);
  });

  it('R-PLC-3: the CSV has a byte order mark, a header, one line per row, fractional credits and RFC 4180 quoting', () => {
    const { state, entries } = play(field(5), REENTRY_STORY);
    const rows = results(state, entries, [
      { place: 1, description: 'Кубок, медаль' },
      { place: 2, description: 'Худи "Sport Poker"\nразмер L' },
    ]);
    const names: Record<string, string> = { p3: 'Иван, "Ваня"', p1: '=HYPERLINK("x")', p2: 'Пётр' };
    const named = rows.map((r) => (names[r.playerId] ? { ...r, displayName: names[r.playerId] } : r));
    expect(resultsToCsv(named)).toBe(
      '\uFEFF' +
        [
          'place,playerId,displayName,entryIds,lastEntryId,knockouts,prize',
          '1,p3,"Иван, ""Ваня""",e3,e3,2,"Кубок, медаль"',
          // A name a spreadsheet would run as a formula is shown as text.
          `2,p1,"'=HYPERLINK(""x"")",e1;e1b,e1b,2.5,"Худи ""Sport Poker""\nразмер L"`,
          '3,p2,Пётр,e2,e2,0.5,',
          '4,p4,,e4,e4,0,',
          '5,p5,,e5,e5,0,',
        ]
          .map((l) => `${l}\r\n`)
          .join(''),
    );
    expect(resultsToCsv([])).toBe('\uFEFFplace,playerId,displayName,entryIds,lastEntryId,knockouts,prize\r\n');
  });
});
