import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateInn, validateKpp, validateOgrn } from '../../../domain/legal';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

// Reference check digits written straight from the published formulas (BigInt, independent of the module).
const weighted = (digits: string, weights: number[]): number => (weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0) % 11) % 10;
const inn10Check = (p9: string): string => String(weighted(p9, [2, 4, 10, 3, 5, 9, 4, 6, 8]));
const inn12Check = (p10: string): string => {
  const d11 = String(weighted(p10, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]));
  return d11 + String(weighted(p10 + d11, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]));
};
const ogrnCheck = (p12: string): string => String((BigInt(p12) % 11n) % 10n);
const ogrnipCheck = (p14: string): string => String((BigInt(p14) % 13n) % 10n);

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));
const otherDigits = (d: string): string[] => '0123456789'.split('').filter((x) => x !== d);

/** Every number obtained by replacing exactly one digit. */
function singleDigitMutations(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) {
    for (const d of otherDigits(value[i] as string)) out.push(value.slice(0, i) + d + value.slice(i + 1));
  }
  return out;
}

const VALID_INN = ['7707083893', '7736050003', '7736207543', '7707049388', '500100732259'];
const VALID_OGRN = ['1027700132195', '1027700070518', '1027700229193', '1027700198767', '307760324100018', '304770000131449'];

describe('INN', () => {
  it.each(VALID_INN)('R-CLUB-3: accepts the known valid INN %s', (inn) => {
    expect(validateInn(inn)).toBeNull();
  });

  it.each(VALID_INN)('R-CLUB-3: refuses every single-digit mutation of %s', (inn) => {
    for (const m of singleDigitMutations(inn)) expect(validateInn(m), m).not.toBeNull();
  });

  it('R-CLUB-3: refuses wrong lengths, non-digits and empty input with a message', () => {
    expect(validateInn('')).toMatch(/required/);
    expect(validateInn('770708389')).toMatch(/10 digits .* or 12 digits/);
    expect(validateInn('77070838930')).toMatch(/10 digits .* or 12 digits/);
    expect(validateInn('7707O83893')).toMatch(/digits only/);
    expect(validateInn(' 7707083893')).toMatch(/digits only/);
    expect(validateInn('7707083894')).toMatch(/check digit/);
    expect(validateInn('500100732250')).toMatch(/check digits/);
  });

  it('R-CLUB-3: a 10-digit INN validates exactly with its computed check digit (property)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(digits(9), (p) => {
        const check = inn10Check(p);
        expect(validateInn(p + check)).toBeNull();
        for (const d of otherDigits(check)) expect(validateInn(p + d)).not.toBeNull();
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-CLUB-3: a 12-digit INN validates exactly with its computed check digits (property)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(digits(10), (p) => {
        const checks = inn12Check(p);
        expect(validateInn(p + checks)).toBeNull();
        const d11 = checks[0] as string;
        for (const d of otherDigits(checks[1] as string)) expect(validateInn(p + d11 + d)).not.toBeNull();
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });
});

describe('OGRN / OGRNIP', () => {
  it.each(VALID_OGRN)('R-CLUB-3: accepts the known valid OGRN/OGRNIP %s', (ogrn) => {
    expect(validateOgrn(ogrn)).toBeNull();
  });

  it.each(VALID_OGRN)('R-CLUB-3: refuses every single-digit mutation of %s', (ogrn) => {
    for (const m of singleDigitMutations(ogrn)) expect(validateOgrn(m), m).not.toBeNull();
  });

  it('R-CLUB-3: accepts an OGRNIP whose remainder mod 13 is 10, 11 or 12 (check digit 0, 1, 2)', () => {
    for (const [prefix, remainder] of [
      ['30477000013145', 10n],
      ['30477000013146', 11n],
      ['30477000013147', 12n],
    ] as const) {
      expect(BigInt(prefix) % 13n).toBe(remainder);
      const ogrnip = prefix + String(remainder % 10n);
      expect(validateOgrn(ogrnip)).toBeNull();
      for (const d of otherDigits(String(remainder % 10n))) expect(validateOgrn(prefix + d)).not.toBeNull();
    }
  });

  it('R-CLUB-3: refuses a change-record number (GRN, first digit 2 or 6-9) even with a matching checksum', () => {
    for (const first of ['2', '6', '7', '8', '9']) {
      const p12 = first + '02770013219';
      const grn = p12 + ogrnCheck(p12);
      expect(validateOgrn(grn)).toMatch(/GRN/);
    }
  });

  it('R-CLUB-3: refuses other first digits, wrong lengths and non-digits', () => {
    for (const first of ['0', '3', '4']) {
      const p12 = first + '02770013219';
      expect(validateOgrn(p12 + ogrnCheck(p12))).toMatch(/starts with 1 or 5/);
    }
    const p14 = '10776032410001';
    expect(validateOgrn(p14 + ogrnipCheck(p14))).toMatch(/starts with 3/);
    expect(validateOgrn('')).toMatch(/required/);
    expect(validateOgrn('102770013219')).toMatch(/13 digits/);
    expect(validateOgrn('30776032410001')).toMatch(/13 digits/);
    expect(validateOgrn('102770013219S')).toMatch(/digits only/);
  });

  it('R-CLUB-3: a 13-digit OGRN validates exactly with its computed check digit (property)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.constantFrom('1', '5'), digits(11), (first, rest) => {
        const p = first + rest;
        const check = ogrnCheck(p);
        expect(validateOgrn(p + check)).toBeNull();
        for (const d of otherDigits(check)) expect(validateOgrn(p + d)).not.toBeNull();
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-CLUB-3: a 15-digit OGRNIP validates exactly with its computed check digit (property)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(digits(13), (rest) => {
        const p = '3' + rest;
        const check = ogrnipCheck(p);
        expect(validateOgrn(p + check)).toBeNull();
        for (const d of otherDigits(check)) expect(validateOgrn(p + d)).not.toBeNull();
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });
});

describe('KPP', () => {
  it('R-CLUB-3: accepts the known KPPs and the letter form', () => {
    expect(validateKpp('773601001')).toBeNull();
    expect(validateKpp('770401001')).toBeNull();
    expect(validateKpp('7736AB001')).toBeNull();
  });

  it('R-CLUB-3: refuses letters outside positions 5-6, lower case, wrong length', () => {
    expect(validateKpp('77360100')).toMatch(/9 characters/);
    expect(validateKpp('7736010011')).toMatch(/9 characters/);
    expect(validateKpp('7736ab001')).not.toBeNull();
    expect(validateKpp('A73601001')).not.toBeNull();
    expect(validateKpp('77360100A')).not.toBeNull();
    expect(validateKpp('')).toMatch(/required/);
  });
});
