import { describe, expect, it } from 'vitest';
import type { Context } from '../../../domain/core/context';
import { seededRandom } from '../../../domain/core/random';
import { prizeRowHidden, prizeRowTarget, publicResultRows, setContentHidden, tournamentHidden } from '../../../domain/moderation/content';
import { domainErrorOf } from '../clock/fixtures';

const ctx: Context = { now: 1_000, actor: { id: 'op_1', role: 'operator' }, rng: seededRandom(1), newId: (p) => `${p}_1` };
const PRIZES = [{ description: 'Cup' }, { description: 'Hundred dollars of merch' }];

describe('content moderation (R-MOD-1)', () => {
  it('R-MOD-1: a tournament is hidden with a reason and shown again; each act is one event', () => {
    const hid = setContentHidden(undefined, { kind: 'tournament', itemId: 't1' }, { hidden: true, reason: 'misleading' }, ctx);
    expect(tournamentHidden(hid.moderation)).toBe(true);
    expect(hid.event).toEqual({ type: 'content.hidden', kind: 'tournament', itemId: 't1', reason: 'misleading', by: 'op_1', at: 1_000 });
    expect(
      domainErrorOf(() => setContentHidden(hid.moderation, { kind: 'tournament', itemId: 't1' }, { hidden: true, reason: 'again' }, ctx))
        .code,
    ).toBe('CONTENT_ALREADY_HIDDEN');
    const back = setContentHidden(hid.moderation, { kind: 'tournament', itemId: 't1' }, { hidden: false, reason: 'fixed' }, ctx);
    expect(tournamentHidden(back.moderation)).toBe(false);
    expect(back.event.type).toBe('content.restored');
    expect(
      domainErrorOf(() => setContentHidden(back.moderation, { kind: 'tournament', itemId: 't1' }, { hidden: false, reason: 'x' }, ctx))
        .code,
    ).toBe('CONTENT_NOT_HIDDEN');
  });

  it('R-MOD-1: a reason is required', () => {
    expect(
      domainErrorOf(() => setContentHidden(undefined, { kind: 'tournament', itemId: 't1' }, { hidden: true, reason: '  ' }, ctx)).code,
    ).toBe('MODERATION_REASON_REQUIRED');
  });

  it('R-MOD-1: a prize row is hidden by its text at its index; another text there shows again', () => {
    const target = prizeRowTarget(PRIZES, 1);
    const m = setContentHidden(undefined, target, { hidden: true, reason: 'money' }, ctx).moderation;
    expect(prizeRowHidden(m, 1, 'Hundred dollars of merch')).toBe(true);
    expect(prizeRowHidden(m, 0, 'Cup')).toBe(false);
    expect(prizeRowHidden(m, 1, 'Club merch pack')).toBe(false);
    expect(domainErrorOf(() => prizeRowTarget(PRIZES, 2)).code).toBe('PRIZE_ROW_NOT_FOUND');
  });

  it('R-MOD-1: public result rows lose hidden prize texts and hidden mystery prizes only', () => {
    let m = setContentHidden(undefined, prizeRowTarget(PRIZES, 1), { hidden: true, reason: 'money' }, ctx).moderation;
    m = setContentHidden(m, { kind: 'mystery_prize', itemId: 'd2' }, { hidden: true, reason: 'rude' }, ctx).moderation;
    const rows = [
      { place: 1, prize: 'Cup', mysteryPrizes: ['Cap', 'Rude text'] },
      { place: 2, prize: 'Hundred dollars of merch' },
    ];
    expect(publicResultRows(rows, m, { d1: 'Cap', d2: 'Rude text' })).toEqual([
      { place: 1, prize: 'Cup', mysteryPrizes: ['Cap'] },
      { place: 2 },
    ]);
    expect(publicResultRows(rows, undefined, {})).toEqual(rows);
  });
});
