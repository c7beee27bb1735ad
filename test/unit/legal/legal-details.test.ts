import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../domain/core/errors';
import type { DomainError } from '../../../domain/core/errors';
import { validateLegalDetails } from '../../../domain/legal';
import type { LegalDetails } from '../../../domain/legal';

const SBER: LegalDetails = { legalForm: 'ul', inn: '7707083893', ogrn: '1027700132195', kpp: '773601001' };
const IP: LegalDetails = { legalForm: 'ip', inn: '500100732259', ogrn: '307760324100018' };

function refusal(details: LegalDetails): DomainError {
  try {
    validateLegalDetails(details);
  } catch (e) {
    if (isDomainError(e)) return e;
    throw e;
  }
  throw new Error('expected LEGAL_DETAILS_INVALID');
}

const fields = (e: DomainError) => (e.errors ?? []).map((x) => x.field);

describe('validateLegalDetails', () => {
  it('R-CLUB-3: accepts a legal entity with and without KPP, and an entrepreneur without KPP', () => {
    expect(() => validateLegalDetails(SBER)).not.toThrow();
    expect(() => validateLegalDetails({ ...SBER, kpp: undefined })).not.toThrow();
    expect(() => validateLegalDetails({ ...SBER, kpp: null })).not.toThrow();
    expect(() => validateLegalDetails({ ...SBER, kpp: '' })).not.toThrow();
    expect(() => validateLegalDetails(IP)).not.toThrow();
    expect(() => validateLegalDetails({ ...IP, kpp: '' })).not.toThrow();
  });

  it('R-CLUB-3: refuses as a 422 rule error with code LEGAL_DETAILS_INVALID', () => {
    const e = refusal({ ...SBER, inn: '7707083894' });
    expect(e.code).toBe('LEGAL_DETAILS_INVALID');
    expect(e.kind).toBe('rule');
    expect(e.errors).toEqual([{ field: 'inn', message: expect.stringMatching(/check digit/) }]);
  });

  it('R-CLUB-3: names every bad field at once', () => {
    const e = refusal({ legalForm: 'ul', inn: '77070838', ogrn: '2027700132195', kpp: '77360100X' });
    expect(fields(e)).toEqual(['inn', 'ogrn', 'kpp']);
    expect(e.errors?.[1]?.message).toMatch(/GRN/);
  });

  it('R-CLUB-3: a legal entity needs a 10-digit INN and a 13-digit OGRN', () => {
    const e = refusal({ legalForm: 'ul', inn: IP.inn, ogrn: IP.ogrn });
    expect(fields(e)).toEqual(['inn', 'ogrn']);
    expect(e.errors?.[0]?.message).toMatch(/10-digit INN/);
    expect(e.errors?.[1]?.message).toMatch(/13-digit OGRN/);
    expect(fields(refusal({ legalForm: 'ul', inn: SBER.inn, ogrn: IP.ogrn }))).toEqual(['ogrn']);
    expect(fields(refusal({ legalForm: 'ul', inn: IP.inn, ogrn: SBER.ogrn }))).toEqual(['inn']);
  });

  it('R-CLUB-3: an individual entrepreneur needs a 12-digit INN and a 15-digit OGRNIP, and has no KPP', () => {
    const e = refusal({ legalForm: 'ip', inn: SBER.inn, ogrn: SBER.ogrn, kpp: SBER.kpp });
    expect(fields(e)).toEqual(['inn', 'ogrn', 'kpp']);
    expect(e.errors?.[0]?.message).toMatch(/12-digit INN/);
    expect(e.errors?.[1]?.message).toMatch(/15-digit OGRNIP/);
    expect(e.errors?.[2]?.message).toMatch(/no KPP/);
    expect(fields(refusal({ ...IP, ogrn: SBER.ogrn }))).toEqual(['ogrn']);
  });

  it('R-CLUB-3: reports the identifier problem itself before the pairing', () => {
    const e = refusal({ legalForm: 'ip', inn: '7707083894', ogrn: IP.ogrn });
    expect(e.errors).toEqual([{ field: 'inn', message: expect.stringMatching(/check digit/) }]);
  });

  it('R-CLUB-3: refuses an unknown legal form', () => {
    const e = refusal({ ...SBER, legalForm: 'ooo' as LegalDetails['legalForm'] });
    expect(fields(e)).toEqual(['legalForm']);
  });
});
