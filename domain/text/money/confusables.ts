/**
 * R-MONEY-2: letters of other scripts that look like Latin ones, as data. A subset of Unicode's
 * confusables (https://www.unicode.org/Public/security/15.1.0/confusables.txt, the data of Unicode
 * Technical Standard #39): each character with its prototype there (MA, "mixed-script any-case"),
 * chosen for the scripts people here type with (Armenian, Cherokee, Cyrillic and Latin letters outside
 * the Russian and English alphabets, Greek). The Latin and Greek lookalikes of Russian letters and the
 * digits and symbols used for letters are in `normalise.ts` already; NFKC folds full-width and
 * mathematical letters before these are read.
 *
 * `cyr`: how the character reads inside a Cyrillic word, when the prototype has a Cyrillic twin
 * ("дօлларов": the Armenian oh is an "о"). No network at build time and no maintained package of the
 * data among the project's dependencies: the subset is kept here, each entry tested.
 */
export interface Confusable {
  char: string;
  /** The prototype in confusables.txt (lower case). */
  lat: string;
  cyr?: string;
  name: string;
}

export const CONFUSABLES: readonly Confusable[] = [
  // Armenian (U+0530..U+058F): lower case, as the checker folds case first.
  { char: 'օ', lat: 'o', cyr: 'о', name: 'ARMENIAN SMALL LETTER OH' },
  { char: 'ո', lat: 'n', cyr: 'п', name: 'ARMENIAN SMALL LETTER VO' },
  { char: 'ս', lat: 'u', cyr: 'и', name: 'ARMENIAN SMALL LETTER SEH' },
  { char: 'հ', lat: 'h', cyr: 'н', name: 'ARMENIAN SMALL LETTER HO' },
  { char: 'զ', lat: 'q', name: 'ARMENIAN SMALL LETTER ZA' },
  { char: 'ց', lat: 'g', name: 'ARMENIAN SMALL LETTER CO' },
  { char: 'ա', lat: 'w', cyr: 'ш', name: 'ARMENIAN SMALL LETTER AYB' },
  // Cherokee: capitals fold to the small letters U+AB70.., which look like Latin capitals.
  { char: 'ꭰ', lat: 'd', name: 'CHEROKEE SMALL LETTER A' },
  { char: 'ꭱ', lat: 'r', cyr: 'г', name: 'CHEROKEE SMALL LETTER E' },
  { char: 'ꭲ', lat: 't', cyr: 'т', name: 'CHEROKEE SMALL LETTER I' },
  { char: 'ꭹ', lat: 'y', cyr: 'у', name: 'CHEROKEE SMALL LETTER GI' },
  { char: 'ꭺ', lat: 'a', cyr: 'а', name: 'CHEROKEE SMALL LETTER GO' },
  { char: 'ꭻ', lat: 'j', name: 'CHEROKEE SMALL LETTER GU' },
  { char: 'ꭼ', lat: 'e', cyr: 'е', name: 'CHEROKEE SMALL LETTER GV' },
  { char: 'ꮃ', lat: 'w', cyr: 'ш', name: 'CHEROKEE SMALL LETTER LA' },
  { char: 'ꮇ', lat: 'm', cyr: 'м', name: 'CHEROKEE SMALL LETTER LU' },
  { char: 'ꮋ', lat: 'h', cyr: 'н', name: 'CHEROKEE SMALL LETTER MI' },
  { char: 'ꮐ', lat: 'g', name: 'CHEROKEE SMALL LETTER NAH' },
  { char: 'ꮓ', lat: 'z', name: 'CHEROKEE SMALL LETTER NO' },
  { char: 'ꮪ', lat: 's', cyr: 'с', name: 'CHEROKEE SMALL LETTER DU' },
  { char: 'ꮮ', lat: 'l', name: 'CHEROKEE SMALL LETTER TLE' },
  { char: 'ꮯ', lat: 'c', cyr: 'с', name: 'CHEROKEE SMALL LETTER TLI' },
  { char: 'ꮲ', lat: 'p', cyr: 'р', name: 'CHEROKEE SMALL LETTER TLV' },
  { char: 'ꮶ', lat: 'k', cyr: 'к', name: 'CHEROKEE SMALL LETTER TSO' },
  { char: 'ꮟ', lat: 'b', cyr: 'в', name: 'CHEROKEE SMALL LETTER SI' },
  // Cyrillic letters outside the Russian alphabet.
  { char: 'ԁ', lat: 'd', cyr: 'д', name: 'CYRILLIC SMALL LETTER KOMI DE' },
  { char: 'һ', lat: 'h', cyr: 'н', name: 'CYRILLIC SMALL LETTER SHHA' },
  { char: 'ԛ', lat: 'q', name: 'CYRILLIC SMALL LETTER QA' },
  { char: 'ԝ', lat: 'w', cyr: 'ш', name: 'CYRILLIC SMALL LETTER WE' },
  { char: 'ӏ', lat: 'l', name: 'CYRILLIC SMALL LETTER PALOCHKA' },
  { char: 'ҽ', lat: 'e', cyr: 'е', name: 'CYRILLIC SMALL LETTER ABKHASIAN CHE' },
  { char: 'ɑ', lat: 'a', cyr: 'а', name: 'LATIN SMALL LETTER ALPHA' },
  { char: 'ɡ', lat: 'g', name: 'LATIN SMALL LETTER SCRIPT G' },
  { char: 'ɩ', lat: 'i', cyr: 'і', name: 'LATIN SMALL LETTER IOTA' },
  { char: 'ı', lat: 'i', cyr: 'і', name: 'LATIN SMALL LETTER DOTLESS I' },
  { char: 'ϲ', lat: 'c', cyr: 'с', name: 'GREEK LUNATE SIGMA SYMBOL' },
  { char: 'ϳ', lat: 'j', name: 'GREEK LETTER YOT' },
  { char: 'ɴ', lat: 'n', name: 'LATIN LETTER SMALL CAPITAL N' },
];
