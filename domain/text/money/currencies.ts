import { CURRENCY_TABLE } from './currencies.data';
import type { LexiconEntry } from './lexicon';
import { CURRENCY_LANGS, NOUN, currenciesOf, type CurrencyData } from './currency-names';

/**
 * R-MONEY-2: every currency ICU knows, as lexicon entries. The names and their forms are data written
 * at build time by scripts/money/currencies.ts (Intl.DisplayNames, Intl.PluralRules, Intl.NumberFormat;
 * case forms generated from ICU's); this module only decides how each kind of word counts:
 * - the whole name ("чешских кронах", "Moldovan lei", "հայկական դրամով") is refused wherever it stands;
 * - the head noun alone ("2000 крон", "500 lei") is money next to an amount before it, and nothing alone,
 *   since many are ordinary words too ("крона" of a tree, "real", "lira");
 * - a sign made of letters ("Kč", "zł", "Rs") is money next to an amount.
 */

export interface CurrencyWordRule {
  /** The noun forms (or signs) the rule is about. */
  words: string[];
  /** Next to an amount: held rather than refused, or not counted at all (the whole name still is). */
  amount: 'review' | 'skip';
  reason: string;
  /** A phrase that the rule lets pass (checked by the tests). */
  example: string;
}

/** Head nouns that are ordinary words as well: each one with why it does not count as the others do. */
export const AMBIGUOUS_NOUNS: readonly CurrencyWordRule[] = [
  {
    words: ['марка', 'марки', 'марок', 'марке', 'марку', 'маркой', 'маркою', 'маркам', 'марками', 'марках'],
    amount: 'skip',
    reason: 'postage stamps and brands ("альбом на 50 марок"); the Bosnian mark counts by its whole name',
    example: 'Коллекционный альбом на 50 марок',
  },
  {
    words: ['золотой', 'золотых', 'золотого'],
    amount: 'skip',
    reason: 'gold medals ("три золотых медали")',
    example: 'Три золотых медали для команды',
  },
  {
    words: ['соль', 'соля', 'солей', 'солю', 'солем', 'соле', 'соли', 'солям', 'солями', 'солях'],
    amount: 'skip',
    reason: 'salt; the Peruvian sol counts by its whole name',
    example: 'Набор специй: 2 соли и перец',
  },
  {
    words: ['gold', 'golds'],
    amount: 'skip',
    reason: 'gold medals; the Zimbabwean gold counts by its whole name',
    example: '3 gold medals for the team',
  },
  { words: ['rights'], amount: 'skip', reason: 'special drawing rights count by their whole name', example: '2 rights of first choice' },
  { words: ['mark', 'marks'], amount: 'review', reason: 'also marks in a quiz or a score', example: 'Quiz: 100 marks' },
  { words: ['sol', 'sols', 'soles'], amount: 'review', reason: 'also the sun, a note, a shoe sole', example: 'Shoes with 2 soles' },
  {
    words: ['ոսկի', 'ոսկին', 'ոսկու', 'ոսկով'],
    amount: 'skip',
    reason: 'gold ("ոսկե մեդալ"); the Zimbabwean gold counts by its whole name',
    example: 'Մեդալ՝ 24 ոսկի',
  },
];

/** Signs made of letters that are also units: not counted as money. */
export const SIGN_COLLISIONS: readonly CurrencyWordRule[] = [
  { words: ['р.'], amount: 'skip', reason: 'the lexicon has "р." with its rule for sizes ("р. 48")', example: 'Футболка клуба р. 48' },
  { words: ['km'], amount: 'skip', reason: 'kilometres, not the Bosnian mark ("10 KM")', example: 'Забег на 10 km' },
  { words: ['ft'], amount: 'skip', reason: 'feet, not the forint ("6 ft table")', example: 'Pool table 8 ft' },
  { words: ['kn'], amount: 'skip', reason: 'knots, not the kuna', example: 'Яхта 20 kn' },
  { words: ['db'], amount: 'skip', reason: 'decibels, not the dobra ("90 dB")', example: 'Колонка 90 dB' },
  { words: ['cg', 'cg.'], amount: 'skip', reason: 'centigrams, not the Caribbean guilder', example: 'Образец 5 cg' },
  { words: ['cf'], amount: 'skip', reason: 'CompactFlash cards, not the Comorian franc ("CF 64 GB")', example: 'Карта памяти CF 64 ГБ' },
  { words: ['ar'], amount: 'skip', reason: 'ares of land, not the ariary', example: 'Участок 6 ar' },
];

const ruleOf = (rules: readonly CurrencyWordRule[]) => {
  const m = new Map<string, CurrencyWordRule>();
  for (const r of rules) for (const w of r.words) m.set(w, r);
  return m;
};

/** A sign counts when it has a letter: signs of symbols only (\p{Sc}) are caught as signs already. */
const LETTER_SIGN = /\p{L}/u;
const SIGN_CHAR = /\p{Sc}/u;
const NOTATION = /[/|*#~]/;

/** The lexicon entries of every ICU currency: one per name and language, and the nouns and signs. */
export function currencyEntries(data: readonly CurrencyData[] = currenciesOf(CURRENCY_TABLE)): LexiconEntry[] {
  const ambiguous = ruleOf(AMBIGUOUS_NOUNS);
  const collisions = ruleOf(SIGN_COLLISIONS);
  const out: LexiconEntry[] = [];
  const nouns = { refuse: new Set<string>(), review: new Set<string>() };
  const signs = new Set<string>();
  const nounFirst = new Map<string, string[]>();
  for (const d of data) {
    for (const lang of CURRENCY_LANGS) {
      const { noun, phrase } = d[lang];
      for (const w of noun) {
        const rule = ambiguous.get(w);
        if (rule?.amount !== 'skip' && !NOTATION.test(w)) nouns[rule ? 'review' : 'refuse'].add(w);
      }
      if (phrase && noun.length) {
        const all = noun.join('/');
        const rest: string[] = [];
        for (const p of phrase.split('|')) {
          // "@ сша", "@ фиджи": a noun and one word after it, gathered into one term per noun below,
          // so that a noun starts one phrase rather than one per country.
          const m = /^@ ([^ ]+)$/.exec(p);
          if (m) {
            const key = `${lang} ${all}`;
            nounFirst.set(key, [...(nounFirst.get(key) ?? []), m[1] as string]);
          } else rest.push(p.replace(NOUN, all));
        }
        if (rest.length)
          out.push({
            term: rest.join('|'),
            category: 'currency',
            alone: 'refuse',
            translit: false,
            example: `${d.code}: ${(phrase.split('|')[0] as string).replace(NOUN, noun[0] as string)}`,
            why: `ICU's name of ${d.code} (${lang})`,
          });
      }
    }
    for (const s of d.symbols) {
      const sign = s.toLowerCase();
      if (LETTER_SIGN.test(sign) && !SIGN_CHAR.test(sign) && sign.length > 1 && !collisions.has(sign) && !NOTATION.test(sign))
        signs.add(sign);
    }
  }
  for (const [key, after] of nounFirst) {
    const forms = key.slice(key.indexOf(' ') + 1);
    out.push({
      term: `${forms} ${[...new Set(after)].join('/')}`,
      category: 'currency',
      alone: 'refuse',
      translit: false,
      example: `${forms.split('/')[0] as string} ${after[0] as string}`,
      why: "ICU's names of a noun and the country after it",
    });
  }
  const nounEntry = (words: Set<string>, amount: 'refuse' | 'review'): LexiconEntry => ({
    term: [...words].join('/'),
    category: 'currency',
    alone: 'none',
    amount,
    amountBeforeOnly: true,
    example: `500 ${[...words][0] as string}`,
    why: "the head nouns of ICU's currency names",
  });
  out.push(nounEntry(nouns.refuse, 'refuse'), nounEntry(nouns.review, 'review'));
  // "F CFA": a sign of two words is a phrase.
  out.push({
    term: [...signs].join('|'),
    category: 'code',
    alone: 'none',
    translit: false,
    example: `500 ${[...signs][0] as string}`,
    why: "ICU's currency signs made of letters",
  });
  return out;
}

/** Every code ICU knows (the checker's code list is the union of these and ISO_4217). */
export const ICU_CODES: readonly string[] = CURRENCY_TABLE.currencies.map((d) => d.code);
