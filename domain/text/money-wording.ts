import { ruleError } from '../core/errors';

/**
 * R-MONEY-2: prizes and rewards are never money. One validator serves every write path
 * that stores prize or reward text, so the rule is applied the same way everywhere.
 *
 * Matching works on whole words and known stems, not on bare substrings: "руб" must catch
 * "руб."/"рублей" but not "рубашка", "рубеж" or "кубик Рубика"; "cash" must not catch
 * "cashmere" or "cashier". Words that are money only next to a number ("р", "bucks",
 * "grand", "euro", lower-case "rub") are refused only in that position.
 */

// JS \b is ASCII-only, so word edges are spelled out with Unicode letter classes.
const L = '\\p{L}';
const word = (source: string, flags = 'iu'): RegExp => new RegExp(`(?<!${L})(?:${source})(?!${L})`, flags);

/**
 * A number as people write it: 5000, 5 000, 5.000, 1,5, 0.01. Separators only between groups of three
 * digits, which also keeps backtracking short on long runs of digits and spaces.
 */
const AMOUNT = `(?:\\d{1,3}(?:[\\s.,'’]\\d{3})+(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?)`;
/** Multipliers written between a number and its currency: 10k$, 5 тыс. руб, 10 т.р. */
const MULTIPLIER = `(?:тыс\\.?|тыщ${L}*|млн\\.?|млрд\\.?|kk|кк|k|к|m|т\\.?)`;

/** Russian currency words (stems), refused wherever they stand. */
const RU_CURRENCY = [
  'руб',
  // рубль, рублей, рублём, рублики, рублёвый; not the surname Рублёв or Рублёвка.
  `рубл(?:ь|я|ю|[её]м|ей|ям|ями|ях|ик${L}*|[её]в(?:ый|ая|ое|ые|ого|ой|ому|ым|ых|ыми|ую))`,
  `доллар${L}*`,
  // Not "Баксан" (a town).
  `бакс(?:а|ам|ами|ах|ов|у|ы|ик${L}*)?`,
  // "евро" is indeclinable; "Евро-2024" (the championship) and "европейский" are not money.
  'евро(?!-)',
  `еврик${L}*`,
  'тенге',
  `гривн${L}*`,
  'гривен',
  'юан(?:ь|я|ю|ем|и|ей|ям|ями|ях)?',
  `[ий]ен[аыуе]?`,
  'цент(?:а|ов|ы)?',
  // Not the surname Копейкин.
  'копе(?:йк(?:а|и|у|е|ой|ам|ами|ах)|ек)',
  `целков${L}*`,
  `фунт${L}*\\s+стерлинг${L}*`,
  'у\\.\\s?е\\.?',
  'уе',
  // "турнирная валюта" is how the rules themselves describe chips.
  `(?<!турнирн${L}*\\s+)валют${L}*`,
  `криптовалют${L}*`,
  `битко[ий]н${L}*`,
].join('|');

/** Russian money words other than currency names. */
const RU_MONEY = [
  `деньг${L}*`,
  'денег',
  `денеж${L}*`,
  `деньж${L}*`,
  `денюж${L}*`,
  `кэш${L}*`,
  // Not "кешью" (cashew) nor the name "Кеша".
  `кеш(?:ем|бэк${L}*|бек${L}*|аут${L}*)?`,
  `наличн${L}*`,
  `наличк${L}*`,
  // Not "Нальчик" nor the name "Нала".
  'нал(?:ом)?',
  `налик${L}*`,
  `безнал${L}*`,
  `гонорар${L}*`,
  `выплат${L}*`,
  `купюр${L}*`,
  `банкнот${L}*`,
  'косар(?:ь|я|ей|ю|ям|ями|ях)',
  'бабло',
  `бабос${L}*`,
  'лав[эе]ха|лавэ',
  `номинал${L}*`,
  'на\\s+сумму',
  `призов${L}*\\s+(?:фонд|банк)${L}*`,
  `(?:банковск${L}*\\s+)?перевод${L}*\\s+на\\s+(?:банковск${L}*\\s+)?карт${L}*`,
  `банковск${L}*\\s+перевод${L}*`,
  `возврат${L}*\\s+(?:взнос|бай-?ин|buy-?in|оплат)${L}*`,
].join('|');

/** ISO codes that mean nothing else: refused in any case. */
const ISO_CODES = 'usd|eur|gbp|rur|usdt|usdc|btc|cny|jpy|chf|kzt|uah|byn';

/** English currency and money words. */
const EN_MONEY = [
  'cash(?:back|out|-out|prize)?',
  'money',
  'moneys',
  'monetary',
  'dollars?',
  'euros',
  'roubles?',
  'rubles?',
  'rubl(?:ey|ei|ya)',
  'dengi',
  'pounds?\\s+sterling',
  'pay-?outs?',
  'pay\\s+outs?',
  'prize\\s*(?:money|pool|fund)s?',
  '(?:bank|wire|money)\\s+transfers?',
  'cheques?',
  'paypal',
  'bitcoins?',
  'crypto(?:currenc(?:y|ies))?',
  '(?<!tournament\\s+)currenc(?:y|ies)',
  'banknotes?',
  'refunds?',
  'gtd',
].join('|');

/** Words that are money only right after a number: "5000 р", "100 bucks", "5 grand". */
const AFTER_AMOUNT_ONLY = [
  'р\\.?',
  'тр',
  'rub\\.?',
  'bucks?',
  'grand(?!\\s+prix)',
  'quid',
  'cents?',
  'euro',
  'pounds?(?!\\s+of)',
].join('|');

const ANY_CURRENCY = [RU_CURRENCY, RU_MONEY, ISO_CODES, EN_MONEY, AFTER_AMOUNT_ONLY].join('|');

const PATTERNS: readonly RegExp[] = [
  // An amount with its currency, reported whole ("5 000 р.", "10k$", "2 тыс. руб").
  new RegExp(`(?<!\\d)${AMOUNT}\\s*(?:${MULTIPLIER}\\s*)?(?:\\p{Sc}|(?:${ANY_CURRENCY})(?!${L}))`, 'iu'),
  // A currency symbol or code before the amount ("$100", "€5k", "usd 50").
  new RegExp(`(?:\\p{Sc}|(?<!${L})(?:${ISO_CODES})\\.?)\\s*${AMOUNT}(?:\\s*${MULTIPLIER}(?!${L}))?`, 'iu'),
  // Any currency symbol on its own (₽ $ € £ ¥ ₿ ...).
  /\p{Sc}/u,
  word(RU_CURRENCY),
  word(RU_MONEY),
  word(ISO_CODES),
  word(EN_MONEY),
  // "RUB" upper-case only: lower-case "rub" is an English word ("back rub").
  word('RUB|RUR', 'u'),
];

// Characters that hide a word from a pattern without changing what a reader sees.
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/u;

// Latin and Cyrillic letters that look the same; used only inside words that mix the two scripts.
const LATIN_TO_CYRILLIC: Record<string, string> = {
  a: 'а', c: 'с', e: 'е', o: 'о', p: 'р', x: 'х', y: 'у', k: 'к',
  A: 'А', B: 'В', C: 'С', E: 'Е', H: 'Н', K: 'К', M: 'М', O: 'О', P: 'Р', T: 'Т', X: 'Х', Y: 'У',
};
const CYRILLIC_TO_LATIN: Record<string, string> = Object.fromEntries(
  Object.entries(LATIN_TO_CYRILLIC).map(([latin, cyrillic]) => [cyrillic, latin]),
);

const isLatin = (ch: string): boolean => /\p{Script=Latin}/u.test(ch);
const isCyrillic = (ch: string): boolean => /\p{Script=Cyrillic}/u.test(ch);

/**
 * A word written in two scripts ("pyб" with Latin p and y, "сash" with a Cyrillic с) is an
 * evasion or a typo; it is read in the script its non-lookalike letters belong to.
 */
function unmixScripts(w: string): string {
  const chars = [...w];
  if (!chars.some(isLatin) || !chars.some(isCyrillic)) return w;
  if (chars.filter(isLatin).every((ch) => ch in LATIN_TO_CYRILLIC)) {
    return chars.map((ch) => LATIN_TO_CYRILLIC[ch] ?? ch).join('');
  }
  if (chars.filter(isCyrillic).every((ch) => ch in CYRILLIC_TO_LATIN)) {
    return chars.map((ch) => CYRILLIC_TO_LATIN[ch] ?? ch).join('');
  }
  return w;
}

/**
 * The text as the patterns read it, with, for every unit of it, where it came from in the
 * original, so the reported fragment is exactly what the author typed.
 */
function readable(text: string): { text: string; start: number[]; end: number[] } {
  const out: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  // Base character plus its combining marks, so a decomposed "ё" is composed before matching.
  const clusters = text.matchAll(/\P{M}\p{M}*|\p{M}+/gsu);
  for (const c of clusters) {
    const from = c.index;
    if (INVISIBLE.test(c[0])) continue;
    const composed = c[0].normalize('NFC');
    for (const unit of composed.split('')) {
      out.push(unit);
      start.push(from);
      end.push(from + c[0].length);
    }
  }
  const joined = out.join('');
  // Letter runs keep their length when unmixed (one letter for one letter), so the maps stay valid.
  const unmixed = joined.replace(/\p{L}+/gu, unmixScripts);
  return { text: unmixed, start, end };
}

/** The offending fragment (the earliest in the text, the longest there), or null when there is none. */
export function findMoneyWording(text: string): string | null {
  const src = readable(text);
  let best: { index: number; length: number } | null = null;
  for (const re of PATTERNS) {
    const m = re.exec(src.text);
    if (!m || m[0].length === 0) continue;
    if (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length)) {
      best = { index: m.index, length: m[0].length };
    }
  }
  if (!best) return null;
  const from = src.start[best.index] as number;
  const to = src.end[best.index + best.length - 1] as number;
  return text.slice(from, to).trim();
}

/** Throws a 422-kind domain error naming the field and the fragment. */
export function assertNoMoneyWording(field: string, text: string): void {
  const fragment = findMoneyWording(text);
  if (fragment !== null) {
    throw ruleError('MONEY_WORDING', `Prizes are never money: "${fragment}" is not allowed in ${field}`, [
      { field, message: `money wording "${fragment}" is not allowed (R-MONEY-2)` },
    ]);
  }
}
