/**
 * Russian state-registry identifiers (INN, OGRN/OGRNIP, KPP): format and check digits only.
 * A number that passes here may still not exist; only the registry match (R-CLUB-3) proves that.
 * Each validator returns null when the value is well formed, or a message saying what is wrong.
 */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const INN12_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const INN12_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;

const DIGITS = /^\d+$/;

/** sum(d_i * w_i) mod 11 mod 10 over the first weights.length digits. */
function weightedCheck(digits: string, weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((w, i) => {
    sum += Number(digits[i]) * w;
  });
  return (sum % 11) % 10;
}

const lastDigit = (digits: string): number => Number(digits[digits.length - 1]);

/** INN: 10 digits for a legal entity, 12 for a person or an individual entrepreneur. */
export function validateInn(inn: string): string | null {
  if (typeof inn !== 'string' || inn.length === 0) return 'INN is required';
  if (!DIGITS.test(inn)) return 'INN must contain digits only';
  if (inn.length === 10) {
    return weightedCheck(inn, INN10_WEIGHTS) === lastDigit(inn) ? null : 'INN check digit does not match';
  }
  if (inn.length === 12) {
    const ok = weightedCheck(inn, INN12_WEIGHTS_11) === Number(inn[10]) && weightedCheck(inn, INN12_WEIGHTS_12) === Number(inn[11]);
    return ok ? null : 'INN check digits do not match';
  }
  return 'INN must have 10 digits (legal entity) or 12 digits (individual entrepreneur)';
}

/**
 * OGRN (13 digits, first digit 1 or 5) or OGRNIP (15 digits, first digit 3).
 * The numbers are below 2^53, so plain JS arithmetic is exact.
 */
export function validateOgrn(ogrn: string): string | null {
  if (typeof ogrn !== 'string' || ogrn.length === 0) return 'OGRN is required';
  if (!DIGITS.test(ogrn)) return 'OGRN must contain digits only';
  const first = ogrn[0];
  if (ogrn.length === 13) {
    // 2 and 6-9 open a change-record number (GRN): people copy it from an extract by mistake.
    if (first === '2' || (first !== undefined && first >= '6')) {
      return 'this is a registry change-record number (GRN), not an OGRN';
    }
    if (first !== '1' && first !== '5') return 'a 13-digit OGRN starts with 1 or 5';
    return (Number(ogrn.slice(0, 12)) % 11) % 10 === lastDigit(ogrn) ? null : 'OGRN check digit does not match';
  }
  if (ogrn.length === 15) {
    if (first !== '3') return 'a 15-digit OGRNIP starts with 3';
    // The final mod 10 matters: remainders 10-12 give check digits 0-2.
    return (Number(ogrn.slice(0, 14)) % 13) % 10 === lastDigit(ogrn) ? null : 'OGRNIP check digit does not match';
  }
  return 'OGRN must have 13 digits (legal entity) or 15 digits (OGRNIP, individual entrepreneur)';
}

const KPP = /^\d{4}[\dA-Z]{2}\d{3}$/;

/** KPP (legal entities only): 4 digits, 2 digits or capital Latin letters, 3 digits. */
export function validateKpp(kpp: string): string | null {
  if (typeof kpp !== 'string' || kpp.length === 0) return 'KPP is required';
  if (kpp.length !== 9) return 'KPP must have 9 characters';
  return KPP.test(kpp) ? null : 'KPP must be 4 digits, 2 digits or capital Latin letters, then 3 digits';
}
