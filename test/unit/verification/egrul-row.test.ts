import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { egrulDateToIso, mapEgrulRow, parseEgrulRow, selectEgrulRow } from '../../../domain/verification';
import type { EgrulRow } from '../../../domain/verification';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

const INN = '770100000079';
const row = (patch: Partial<EgrulRow> = {}): EgrulRow => ({
  n: 'ПЕТРОВ ПЁТР ПЕТРОВИЧ',
  i: INN,
  o: '318770000000021',
  k: 'fl',
  r: '01.02.2018',
  ...patch,
});

describe('mapEgrulRow', () => {
  it('R-CLUB-3: maps a legal entity row with every field', () => {
    const r: EgrulRow = {
      a: '117312, Г.МОСКВА, УЛ. ВАВИЛОВА, Д.19',
      c: 'ПАО СБЕРБАНК',
      g: 'ПРЕЗИДЕНТ: Греф Герман Оскарович',
      i: '7707083893',
      k: 'ul',
      n: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
      o: '1027700132195',
      p: '773601001',
      r: '16.08.2002',
      t: 'ABC',
      cnt: '1',
      tot: '1',
      pg: '1',
    };
    expect(mapEgrulRow(r)).toEqual({
      source: 'egrul',
      inn: '7707083893',
      ogrn: '1027700132195',
      kpp: '773601001',
      kind: 'ul',
      fullName: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
      shortName: 'ПАО СБЕРБАНК',
      status: 'active',
      registeredOn: '2002-08-16',
      raw: r,
    });
  });

  it('R-CLUB-3: an entrepreneur row (k=fl, no KPP or short name) maps to kind ip', () => {
    const rec = mapEgrulRow(row());
    expect(rec.kind).toBe('ip');
    expect(rec.kpp).toBeUndefined();
    expect(rec.shortName).toBeUndefined();
  });

  it('R-CLUB-3: e means terminated (with the date), v means an erroneous record', () => {
    expect(mapEgrulRow(row({ e: '15.06.2014' }))).toMatchObject({ status: 'terminated', terminatedOn: '2014-06-15' });
    expect(mapEgrulRow(row({ v: '01.01.2020' })).status).toBe('invalid');
    expect(mapEgrulRow(row({ e: '15.06.2014', v: '01.01.2020' })).status).toBe('invalid');
    expect(mapEgrulRow(row({ e: '' })).status).toBe('active');
  });

  it('without k the INN length gives the kind', () => {
    expect(mapEgrulRow(row({ k: undefined })).kind).toBe('ip');
    expect(mapEgrulRow(row({ k: undefined, i: '7707083893' })).kind).toBe('ul');
  });

  it('keeps the raw row apart from the record (a copy)', () => {
    const r = row();
    const rec = mapEgrulRow(r);
    rec.raw.n = 'changed';
    expect(r.n).toBe('ПЕТРОВ ПЁТР ПЕТРОВИЧ');
  });

  it('dates: dd.mm.yyyy only', () => {
    expect(egrulDateToIso('01.02.2018')).toBe('2018-02-01');
    expect(egrulDateToIso('2018-02-01')).toBeUndefined();
    expect(egrulDateToIso(undefined)).toBeUndefined();
  });
});

describe('parseEgrulRow', () => {
  it('needs name, INN and OGRN', () => {
    expect(parseEgrulRow({ n: 'X', i: INN, o: '1' })).toBeDefined();
    expect(parseEgrulRow({ i: INN, o: '1' })).toBeUndefined();
    expect(parseEgrulRow({ n: 'X', i: 7707083893, o: '1' })).toBeUndefined();
    expect(parseEgrulRow({ n: 'X', i: INN, o: ' ' })).toBeUndefined();
    expect(parseEgrulRow(null)).toBeUndefined();
    expect(parseEgrulRow([row()])).toBeUndefined();
  });
});

describe('selectEgrulRow', () => {
  const old = row({ o: '309770000000013', r: '10.03.2009', e: '15.06.2014' });
  const current = row();

  it('R-CLUB-3: takes the row with the INN and neither e nor v, whatever the order', () => {
    expect(selectEgrulRow([old, current], INN)).toBe(current);
    expect(selectEgrulRow([current, old], INN)).toBe(current);
    expect(selectEgrulRow([row({ v: '01.01.2020' }), old, current], INN)).toBe(current);
  });

  it('R-CLUB-3: ignores rows of another INN', () => {
    const other = row({ i: '500100732259' });
    expect(selectEgrulRow([other, old], INN)).toBe(old);
    expect(selectEgrulRow([other], INN)).toBeUndefined();
    expect(selectEgrulRow([], INN)).toBeUndefined();
  });

  it('R-CLUB-3: with only terminated rows, the most recently terminated one', () => {
    const older = row({ o: '304770000131449', e: '01.01.2005' });
    expect(selectEgrulRow([older, old], INN)).toBe(old);
    expect(selectEgrulRow([old, older], INN)).toBe(old);
  });

  it('an erroneous row only when nothing else carries the INN', () => {
    const v = row({ v: '01.01.2020' });
    expect(selectEgrulRow([v], INN)).toBe(v);
    expect(selectEgrulRow([v, old], INN)).toBe(old);
  });

  it('R-CLUB-3: the chosen row carries the INN, and is live whenever a live row exists (property)', PROPERTY_TEST, () => {
    const inns = [INN, '500100732259'];
    const arbRow = fc.record({
      i: fc.constantFrom(...inns),
      e: fc.option(fc.constantFrom('01.01.2010', '02.02.2020', '03.03.2015'), { nil: undefined }),
      v: fc.option(fc.constant('04.04.2021'), { nil: undefined }),
      o: fc.constantFrom('309770000000013', '318770000000021', '304770000131449'),
    });
    fc.assert(
      fc.property(fc.array(arbRow, { maxLength: 6 }), (parts) => {
        const rows = parts.map((p) => {
          const r: EgrulRow = { n: 'ПЕТРОВ', i: p.i, o: p.o, k: 'fl' };
          if (p.e) r.e = p.e;
          if (p.v) r.v = p.v;
          return r;
        });
        const chosen = selectEgrulRow(rows, INN);
        const mine = rows.filter((r) => r.i === INN);
        if (mine.length === 0) {
          expect(chosen).toBeUndefined();
          return;
        }
        expect(chosen?.i).toBe(INN);
        if (mine.some((r) => !r.e && !r.v)) expect(chosen?.e ?? chosen?.v).toBeUndefined();
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });
});
