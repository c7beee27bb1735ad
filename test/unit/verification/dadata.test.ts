import { describe, expect, it } from 'vitest';
import { mapDadataSuggestion, selectDadataRecord } from '../../../domain/verification';
import type { RegistryRecord } from '../../../domain/verification';

const legal = (status: string, extra: Record<string, unknown> = {}) => ({
  value: 'ООО "ТУЗ ПИК"',
  data: {
    inn: '7801000020',
    kpp: '780101001',
    ogrn: '1157800000027',
    type: 'LEGAL',
    name: { full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ТУЗ ПИК"', short_with_opf: 'ООО "ТУЗ ПИК"' },
    state: { status, registration_date: 1429488000000, liquidation_date: null },
    ...extra,
  },
});

describe('mapDadataSuggestion', () => {
  it.each([
    ['ACTIVE', 'active'],
    ['LIQUIDATING', 'liquidating'],
    ['LIQUIDATED', 'liquidated'],
    ['BANKRUPT', 'bankrupt'],
    ['REORGANIZING', 'reorganizing'],
  ])('R-CLUB-3: state.status %s -> %s', (status, expected) => {
    expect(mapDadataSuggestion(legal(status))?.status).toBe(expected);
  });

  it('R-CLUB-3: maps a LEGAL suggestion with names, KPP and dates', () => {
    const s = legal('LIQUIDATED', { state: { status: 'LIQUIDATED', registration_date: 1429488000000, liquidation_date: 1636675200000 } });
    expect(mapDadataSuggestion(s)).toEqual({
      source: 'dadata',
      inn: '7801000020',
      ogrn: '1157800000027',
      kpp: '780101001',
      kind: 'ul',
      fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ТУЗ ПИК"',
      shortName: 'ООО "ТУЗ ПИК"',
      status: 'liquidated',
      registeredOn: '2015-04-20',
      terminatedOn: '2021-11-12',
      raw: s,
    });
  });

  it('R-CLUB-3: INDIVIDUAL is an entrepreneur; without names the value, then the fio, give the name', () => {
    const base = { inn: '770100000079', ogrn: '318770000000021', type: 'INDIVIDUAL', kpp: null, state: { status: 'ACTIVE' } };
    expect(mapDadataSuggestion({ value: 'ИП Петров Пётр Петрович', data: { ...base, name: null } })).toMatchObject({
      kind: 'ip',
      fullName: 'ИП Петров Пётр Петрович',
    });
    const byFio = mapDadataSuggestion({ data: { ...base, fio: { surname: 'Петров', name: 'Пётр', patronymic: null } } });
    expect(byFio?.fullName).toBe('Петров Пётр');
    expect(byFio?.kpp).toBeUndefined();
  });

  it('refuses what it cannot read with confidence (unknown status or type, no INN/OGRN, no name)', () => {
    expect(mapDadataSuggestion(legal('SUSPENDED'))).toBeUndefined();
    expect(mapDadataSuggestion(legal('ACTIVE', { type: 'BRANCH' }))).toBeUndefined();
    expect(mapDadataSuggestion(legal('ACTIVE', { ogrn: null }))).toBeUndefined();
    expect(mapDadataSuggestion(legal('ACTIVE', { state: null }))).toBeUndefined();
    expect(mapDadataSuggestion({ data: { ...legal('ACTIVE').data, name: null } })).toBeUndefined();
    expect(mapDadataSuggestion('x')).toBeUndefined();
  });
});

describe('selectDadataRecord', () => {
  const rec = (ogrn: string, status: RegistryRecord['status'], terminatedOn?: string): RegistryRecord => ({
    source: 'dadata',
    inn: '770100000079',
    ogrn,
    kind: 'ip',
    fullName: 'Петров',
    status,
    raw: {},
    ...(terminatedOn ? { terminatedOn } : {}),
  });

  it('R-CLUB-3: a live registration wins over an old liquidated one; else the latest ended', () => {
    const old = rec('309770000000013', 'liquidated', '2014-06-15');
    const older = rec('304770000131449', 'liquidated', '2005-01-01');
    const live = rec('318770000000021', 'liquidating');
    expect(selectDadataRecord([old, live], '770100000079')).toBe(live);
    expect(selectDadataRecord([older, old], '770100000079')).toBe(old);
    expect(selectDadataRecord([old], '7707083893')).toBeUndefined();
  });
});
