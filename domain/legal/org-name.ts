/**
 * Organisation names as the registry and people write them differ in case, quotes and the
 * legal-form words ("ООО «Ромашка»" vs "ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА"").
 * Both sides go through normaliseOrgName before they are compared (R-CLUB-3).
 */

// Longest phrases first so "ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО" is not left as "ПУБЛИЧНОЕ".
const LEGAL_FORM_PHRASES: readonly (readonly string[])[] = [
  'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ',
  'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО',
  'НЕПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО',
  'ЗАКРЫТОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО',
  'ОТКРЫТОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО',
  'АКЦИОНЕРНОЕ ОБЩЕСТВО',
  'АВТОНОМНАЯ НЕКОММЕРЧЕСКАЯ ОРГАНИЗАЦИЯ',
  'ИНДИВИДУАЛЬНЫЙ ПРЕДПРИНИМАТЕЛЬ',
  'ООО',
  'ПАО',
  'НАО',
  'ЗАО',
  'ОАО',
  'АО',
  'АНО',
  'ИП',
]
  .map((p) => p.split(' '))
  .sort((a, b) => b.length - a.length);

// Quotes become spaces (not nothing) so that ООО"РОМАШКА" still splits into two words.
const QUOTES = /["'«»„“”‘’‚`]/g;

/** Upper case, ё -> е, quotes and legal-form words removed, spaces collapsed. */
export function normaliseOrgName(name: string): string {
  const words = name
    .toUpperCase()
    .replace(/Ё/g, 'Е')
    .replace(QUOTES, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
  const kept: string[] = [];
  let i = 0;
  while (i < words.length) {
    const phrase = LEGAL_FORM_PHRASES.find((p) => p.every((w, k) => words[i + k] === w));
    if (phrase) {
      i += phrase.length;
    } else {
      kept.push(words[i] as string);
      i += 1;
    }
  }
  return kept.join(' ');
}
