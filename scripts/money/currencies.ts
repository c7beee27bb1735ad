/**
 * npm run money:currencies — writes domain/text/money/currencies.data.ts from Node's ICU: every ISO 4217
 * code Intl knows, its names in Russian, English and Armenian (Intl.DisplayNames), the forms ICU writes
 * after a number (Intl.NumberFormat with currencyDisplay "name", one per Intl.PluralRules category), the
 * other case forms of the head noun generated from those, and the symbols (formatToParts). The domain
 * reads the data module and never calls ICU itself: the names are fixed at build time, and
 * test/unit/text/money/currencies.test.ts checks the file is what this script writes today.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import {
  CURRENCY_LANGS,
  NOUN,
  type CurrencyData,
  type CurrencyLang,
  type CurrencyNames,
  type CurrencyTable,
} from '../../domain/text/money/currency-names';

/** What ICU writes, besides the data: the names as ICU spells them, which the tests read the checker against. */
export interface IcuCurrency {
  code: string;
  names: Record<CurrencyLang, string[]>;
  data: CurrencyData;
}

// One sample number per plural category: enough to make ICU write each form it has.
const SAMPLES: Record<string, number[]> = { one: [1, 21], few: [2, 22], many: [5, 11], other: [1.5, 100] };

const lower = (s: string) => s.toLocaleLowerCase();
/** "Доллар Зимбабве (2009)" -> "Доллар Зимбабве": the years of an old currency are not words of its name. */
const clean = (s: string) => s.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
/** Words and the punctuation between them as separate items, as the lexicon notation takes them. */
const words = (s: string) =>
  clean(s)
    .replace(/([.,&–—:])/g, ' $1 ')
    .split(/\s+/)
    .filter((w) => w !== '');

function namesOf(code: string, lang: CurrencyLang): string[] {
  const display = new Intl.DisplayNames([lang], { type: 'currency', fallback: 'none' }).of(code);
  const out = new Set<string>();
  if (display && display !== code) out.add(clean(display));
  const nf = new Intl.NumberFormat(lang, { style: 'currency', currency: code, currencyDisplay: 'name', minimumFractionDigits: 0 });
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  for (const category of categories) {
    for (const n of SAMPLES[category] ?? []) {
      const name = nf
        .formatToParts(n)
        .filter((p) => p.type === 'currency')
        .map((p) => p.value)
        .join('');
      if (name && name !== code) out.add(clean(name));
    }
  }
  return [...out];
}

const RU_ADJECTIVE = /(?:ий|ый|ой|ая|яя|ое|ее|ие|ые|их|ых)$/;
const HUSHING = /[жшчщц]$/;
const VELAR_OR_HUSHING = /[кгхжшчщ]$/;

/** The Russian head noun's case forms: nominative, ICU's genitive singular and plural, the rest by declension. */
function ruNounForms(nom: string, genSg: string, genPl: string): string[] {
  const out = new Set([nom, genSg, genPl]);
  if (genSg === nom && genPl === nom) return [nom]; // indeclinable: песо, тенге, евро
  const add = (...forms: string[]) => forms.forEach((f) => out.add(f));
  if (/[ая]$/.test(nom)) {
    const stem = nom.slice(0, -1);
    const soft = nom.endsWith('я');
    const io = nom.endsWith('ия');
    add(io ? `${stem}и` : `${stem}е`, soft ? `${stem}ю` : `${stem}у`, soft ? `${stem}ей` : `${stem}ой`, `${stem}ою`);
    if (HUSHING.test(stem)) add(`${stem}ей`);
    add(genSg); // nominative plural = genitive singular for these
    const pl = soft ? 'я' : 'а';
    add(`${stem}${pl}м`, `${stem}${pl}ми`, `${stem}${pl}х`);
    return [...out];
  }
  // Masculine: the oblique stem is ICU's genitive singular without its ending (лев -> лева, рубль -> рубля).
  const stem = genSg.slice(0, -1);
  const soft = genSg.endsWith('я');
  const pl = soft ? 'я' : 'а';
  const nomPl = soft || VELAR_OR_HUSHING.test(stem) ? `${stem}и` : `${stem}ы`;
  add(`${stem}${soft ? 'ю' : 'у'}`, `${stem}${soft || HUSHING.test(stem) ? 'ем' : 'ом'}`, `${stem}е`, nomPl);
  add(`${stem}${pl}м`, `${stem}${pl}ми`, `${stem}${pl}х`);
  return [...out];
}

const HY_VOWEL_END = /[աեէըիոօ]$|ու$/;
/** The Armenian noun with its case endings and the definite article, singular and plural. */
function hyNounForms(base: string): string[] {
  const out = new Set([base]);
  const vowels = base.replace(/ու/g, 'u').match(/[աեէըիոօu]/g)?.length ?? 0;
  const plural = `${base}${vowels <= 1 && !HY_VOWEL_END.test(base) ? 'եր' : 'ներ'}`;
  for (const w of [base, plural]) {
    const v = HY_VOWEL_END.test(w);
    const j = v ? 'յ' : '';
    for (const ending of [v ? 'ն' : 'ը', 'ն', `${j}ի`, `${j}ով`, `${j}ից`, `${j}ում`]) out.add(`${w}${ending}`);
  }
  // "ռուբլի" -> "ռուբլու", "ռուբլով": a final ի gives way to the ending.
  if (base.endsWith('ի')) for (const ending of ['ու', 'ով', 'ուց']) out.add(`${base.slice(0, -1)}${ending}`);
  return [...out];
}

/** Which word of a name is its head noun. */
function headIndex(ws: string[], lang: CurrencyLang): number {
  // "ֆունտ ստերլինգ": the pound, of sterling; the noun is the pound.
  if (lang === 'hy' && ws[ws.length - 1] === 'ստերլինգ') return ws.length - 2;
  const letters = ws.map((w, i) => [w, i] as const).filter(([w]) => /\p{L}/u.test(w));
  if (lang === 'ru') {
    const noun = letters.find(([w]) => w === lower(w) && !RU_ADJECTIVE.test(w));
    return (noun ?? letters[letters.length - 1] ?? ['', 0])[1];
  }
  return (letters[letters.length - 1] ?? ['', 0])[1];
}

function namesFor(code: string, lang: CurrencyLang, names: string[]): CurrencyNames {
  const split = names.map(words);
  const base = split[0] ?? [];
  const head = headIndex(base, lang);
  // ICU's forms line up word by word with the display name (same number of words) when they are its forms.
  const aligned = split.filter((ws) => ws.length === base.length);
  let noun: string[];
  if (lang === 'ru') {
    const heads = aligned.map((ws) => lower(ws[head] as string));
    const nom = heads[0] as string;
    // ICU's forms: [display (nominative), one, few (genitive singular), many (genitive plural), other].
    const genSg = heads.find((h) => h !== nom && /[аяиы]$/.test(h)) ?? nom;
    const genPl = heads.find((h) => h !== nom && h !== genSg) ?? genSg;
    // A noun declined as an adjective ("золотой") keeps ICU's forms only.
    noun = RU_ADJECTIVE.test(nom) ? [...new Set(heads)] : ruNounForms(nom, genSg, genPl);
  } else {
    const heads = [...new Set(split.map((ws) => lower(ws[headIndex(ws, lang)] ?? '')).filter((w) => w !== ''))];
    noun = [...new Set(heads.flatMap((w) => (lang === 'hy' ? hyNounForms(w) : /s$/.test(w) ? [w] : [w, `${w}s`])))];
  }
  // One phrase per way ICU words the name ("Արաբական Միացյալ Էմիրությունների դիրհամ", "ԱՄԷ դիրհամ").
  const phrases = new Set<string>();
  for (const length of new Set(split.map((ws) => ws.length))) {
    const group = split.filter((ws) => ws.length === length);
    const first = group[0] as string[];
    if (first.filter((w) => /\p{L}/u.test(w)).length < 2) continue;
    const h = headIndex(first, lang);
    const at = (i: number) => [...new Set(group.map((ws) => lower(ws[i] as string)))];
    phrases.add(
      first
        .map((_, i) => {
          if (i === h) return NOUN;
          const forms = at(i);
          if (lang === 'ru' && forms.some((f) => RU_ADJECTIVE.test(f))) {
            // "армянск*" covers "армянско*": the shortest stems only.
            const stems = [...new Set(forms.map((f) => f.slice(0, -2)))].sort((a, b) => a.length - b.length);
            return stems
              .filter((st, k) => !stems.slice(0, k).some((shorter) => st.startsWith(shorter)))
              .map((st) => `${st}*`)
              .join('/');
          }
          return forms.join('/');
        })
        .join(' '),
    );
  }
  return { noun, phrase: [...phrases].join('|') };
}

function symbolsOf(code: string): string[] {
  const out = new Set<string>();
  for (const lang of CURRENCY_LANGS) {
    for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
      const part = new Intl.NumberFormat(lang, { style: 'currency', currency: code, currencyDisplay })
        .formatToParts(1)
        .find((p) => p.type === 'currency');
      if (part && part.value !== code) out.add(part.value);
    }
  }
  return [...out];
}

/** What ICU says of every currency it knows, read by the Node that runs this. */
export function icuCurrencies(): IcuCurrency[] {
  return Intl.supportedValuesOf('currency').map((code) => {
    const names = { ru: namesOf(code, 'ru'), en: namesOf(code, 'en'), hy: namesOf(code, 'hy') };
    return {
      code,
      names,
      data: {
        code,
        ru: namesFor(code, 'ru', names.ru),
        en: namesFor(code, 'en', names.en),
        hy: namesFor(code, 'hy', names.hy),
        symbols: symbolsOf(code),
      },
    };
  });
}
export const currencyData = (): CurrencyData[] => icuCurrencies().map((c) => c.data);

/** The data as the module holds it: every noun's forms once, the names by index. */
export function currencyTable(data: CurrencyData[] = currencyData()): CurrencyTable {
  const nouns: Record<CurrencyLang, string[]> = { ru: [], en: [], hy: [] };
  const ref = (lang: CurrencyLang, n: CurrencyNames): [number, string] => {
    const forms = n.noun.join('/');
    let k = nouns[lang].indexOf(forms);
    if (k < 0) k = nouns[lang].push(forms) - 1;
    return [k, n.phrase];
  };
  return {
    nouns,
    currencies: data.map((d) => ({ code: d.code, ru: ref('ru', d.ru), en: ref('en', d.en), hy: ref('hy', d.hy), symbols: d.symbols })),
  };
}

/** The data module's text: one noun or currency a line, so that a change of ICU shows as a readable diff. */
export function currencyModule(table: CurrencyTable = currencyTable()): string {
  const list = (items: readonly unknown[]) => items.map((x) => `    ${JSON.stringify(x)},`);
  return [
    `// Generated by scripts/money/currencies.ts from ICU ${process.versions.icu} (npm run money:currencies): do not edit.`,
    '// Every ISO 4217 code Intl knows, its names in ru, en, hy with their forms, and its signs (R-MONEY-2).',
    "import type { CurrencyTable } from './currency-names';",
    '',
    '/* prettier-ignore */',
    'export const CURRENCY_TABLE: CurrencyTable = {',
    '  nouns: {',
    ...CURRENCY_LANGS.flatMap((lang) => [`    ${JSON.stringify(lang)}: [`, ...list(table.nouns[lang]).map((l) => `  ${l}`), '    ],']),
    '  },',
    '  currencies: [',
    ...list(table.currencies),
    '  ],',
    '};',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = new URL('../../domain/text/money/currencies.data.ts', import.meta.url);
  writeFileSync(target, currencyModule());
  console.log(`wrote ${fileURLToPath(target)}`);
}
