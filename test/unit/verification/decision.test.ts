import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideVerification, reasonCode } from '../../../domain/verification';
import type { RegistryAnswer, RegistryStatus } from '../../../domain/verification';
import { IP_CLUB, NOW, SBER_CLUB, foundAnswer, sberRecord } from './fixtures';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

const codes = (reasons: string[]) => reasons.map(reasonCode);

describe('decideVerification', () => {
  it('R-CLUB-3: verified when INN, OGRN, kind, active status and the normalised name all match', () => {
    const record = sberRecord();
    const d = decideVerification(SBER_CLUB, foundAnswer(record, NOW - 5000), NOW);
    expect(d).toEqual({
      status: 'verified',
      reasons: [],
      evidence: { source: 'egrul', checkedAt: new Date(NOW - 5000).toISOString(), fields: record.raw },
    });
  });

  it.each([
    'Публичное акционерное общество «Сбербанк России»',
    'ПАО "СБЕРБАНК РОССИИ"',
    'сбербанк   россии',
    'ПАО Сбербанк', // the registry's short name
  ])('R-CLUB-3: the name "%s" matches after normalisation', (name) => {
    expect(decideVerification({ ...SBER_CLUB, name }, foundAnswer(sberRecord()), NOW).status).toBe('verified');
  });

  it("R-CLUB-3: ё and е are one letter for an entrepreneur's name", () => {
    const record = sberRecord({
      inn: IP_CLUB.inn,
      ogrn: IP_CLUB.ogrn,
      kind: 'ip',
      fullName: 'ПЕТРОВ ПЁТР ПЕТРОВИЧ',
      shortName: undefined,
      kpp: undefined,
    });
    expect(decideVerification({ ...IP_CLUB, name: 'ИП Петров Петр Петрович' }, foundAnswer(record), NOW).status).toBe('verified');
  });

  it("R-CLUB-3: a name mismatch goes to moderators, naming the registry's name", () => {
    const d = decideVerification({ ...SBER_CLUB, name: 'Покерный клуб «Туз»' }, foundAnswer(sberRecord()), NOW);
    expect(d.status).toBe('needs_review');
    expect(d.reasons).toEqual(['NAME_MISMATCH: the registry name is "ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"" ("ПАО СБЕРБАНК")']);
  });

  it('R-CLUB-3: a name that normalises to nothing never matches', () => {
    const record = sberRecord({ fullName: 'ООО', shortName: undefined });
    expect(decideVerification({ ...SBER_CLUB, name: 'ООО' }, foundAnswer(record), NOW).status).toBe('needs_review');
  });

  it('R-CLUB-3: an OGRN or kind that differs from the registry goes to moderators', () => {
    const other = decideVerification(SBER_CLUB, foundAnswer(sberRecord({ ogrn: '1027700070518' })), NOW);
    expect(other.status).toBe('needs_review');
    expect(codes(other.reasons)).toEqual(['OGRN_MISMATCH']);
    const kind = decideVerification(SBER_CLUB, foundAnswer(sberRecord({ kind: 'ip' })), NOW);
    expect(kind.status).toBe('needs_review');
    expect(kind.reasons).toEqual(['KIND_MISMATCH: the registry has an individual entrepreneur, the club says a legal entity']);
  });

  it.each([
    ['terminated', 'REGISTRY_TERMINATED: the registry shows the registration terminated on 2021-11-12'],
    ['liquidated', 'REGISTRY_LIQUIDATED: the registry shows the organisation liquidated on 2021-11-12'],
  ] as const)('R-CLUB-3: %s -> rejected with the reason', (status, reason) => {
    const d = decideVerification(SBER_CLUB, foundAnswer(sberRecord({ status, terminatedOn: '2021-11-12' })), NOW);
    expect(d.status).toBe('rejected');
    expect(d.reasons).toEqual([reason]);
  });

  it('R-CLUB-3: a rejection also lists what else differs', () => {
    const d = decideVerification({ ...SBER_CLUB, name: 'Другое' }, foundAnswer(sberRecord({ status: 'terminated' })), NOW);
    expect(d.status).toBe('rejected');
    expect(codes(d.reasons)).toEqual(['REGISTRY_TERMINATED', 'NAME_MISMATCH']);
    expect(d.reasons[0]).toBe('REGISTRY_TERMINATED: the registry shows the registration terminated');
  });

  it('R-CLUB-3: an ended record about another INN is not a reason to reject this club', () => {
    const d = decideVerification(SBER_CLUB, foundAnswer(sberRecord({ inn: '7736050003', status: 'liquidated' })), NOW);
    expect(d.status).toBe('needs_review');
    expect(codes(d.reasons)).toEqual(['REGISTRY_LIQUIDATED', 'INN_MISMATCH']);
  });

  it.each([
    ['liquidating', 'REGISTRY_LIQUIDATING'],
    ['bankrupt', 'REGISTRY_BANKRUPT'],
    ['reorganizing', 'REGISTRY_REORGANIZING'],
    ['invalid', 'REGISTRY_RECORD_INVALID'],
  ] as const)('R-CLUB-3: %s goes to moderators', (status, code) => {
    const d = decideVerification(SBER_CLUB, foundAnswer(sberRecord({ status })), NOW);
    expect(d.status).toBe('needs_review');
    expect(codes(d.reasons)).toEqual([code]);
  });

  it('R-CLUB-3: not found with well-formed numbers goes to moderators', () => {
    const d = decideVerification(SBER_CLUB, { kind: 'not_found', source: 'egrul', retrievedAt: NOW - 1000 }, NOW);
    expect(d).toEqual({
      status: 'needs_review',
      reasons: ['REGISTRY_NOT_FOUND: the registry has no record for INN 7707083893'],
      evidence: { source: 'egrul', checkedAt: new Date(NOW - 1000).toISOString(), fields: {} },
    });
  });

  it('R-CLUB-3: numbers that fail their checksums are rejected whatever the registry says', () => {
    const club = { ...SBER_CLUB, inn: '7707083894' };
    for (const answer of [
      { kind: 'not_found', source: 'egrul' },
      foundAnswer(sberRecord()),
      { kind: 'unavailable', source: 'dadata', reason: 'x' },
    ] as RegistryAnswer[]) {
      const d = decideVerification(club, answer, NOW);
      expect(d.status).toBe('rejected');
      expect(d.reasons).toEqual(['LEGAL_DETAILS_INVALID: inn: INN check digit does not match']);
    }
  });

  it('R-CLUB-3: the registry unavailable goes to moderators, stamped with now', () => {
    const d = decideVerification(SBER_CLUB, { kind: 'unavailable', source: 'egrul', reason: 'the registry asks for a captcha' }, NOW);
    expect(d).toEqual({
      status: 'needs_review',
      reasons: ['REGISTRY_UNAVAILABLE: the registry asks for a captcha'],
      evidence: { source: 'egrul', checkedAt: new Date(NOW).toISOString(), fields: {} },
    });
  });

  it('R-CLUB-3: verified only if every check passes; ended status rejects, anything else reviews (property)', PROPERTY_TEST, () => {
    const statuses: RegistryStatus[] = ['active', 'terminated', 'liquidated', 'liquidating', 'bankrupt', 'reorganizing', 'invalid'];
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('ПАО «Сбербанк России»', 'СБЕРБАНК РОССИИ', 'Туз', 'ПАО Сбербанк'),
        (status, sameOgrn, sameKind, sameInn, name) => {
          const record = sberRecord({
            status,
            ogrn: sameOgrn ? '1027700132195' : '1027700070518',
            kind: sameKind ? 'ul' : 'ip',
            inn: sameInn ? '7707083893' : '7736050003',
          });
          const d = decideVerification({ ...SBER_CLUB, name }, foundAnswer(record), NOW);
          const nameOk = name !== 'Туз';
          const allOk = status === 'active' && sameOgrn && sameKind && sameInn && nameOk;
          const ended = (status === 'terminated' || status === 'liquidated') && sameInn;
          expect(d.status).toBe(allOk ? 'verified' : ended ? 'rejected' : 'needs_review');
          expect(d.reasons.length === 0).toBe(allOk);
          expect(d.reasons.every((r) => /^[A-Z_]+: /.test(r))).toBe(true);
        },
      ),
      { numRuns: DEFAULT_RUNS },
    );
  });
});
