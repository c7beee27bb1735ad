/** The shape of the ICU currency data (`currencies.data.ts`), shared by its generator and its reader. */

export type CurrencyLang = 'ru' | 'en' | 'hy';
export const CURRENCY_LANGS: readonly CurrencyLang[] = ['ru', 'en', 'hy'];
/** Where a name's head noun stands in its phrase. */
export const NOUN = '@';

export interface CurrencyNames {
  /** The head noun in every generated form, lower case ("лей", "лея", "леев", "леям"...). */
  noun: readonly string[];
  /** The whole name in the lexicon notation with `@` for the noun, or "" for a one-word name. */
  phrase: string;
}
export interface CurrencyData {
  code: string;
  ru: CurrencyNames;
  en: CurrencyNames;
  hy: CurrencyNames;
  /** The signs ICU writes for it in the three languages (symbol and narrow symbol), other than the code. */
  symbols: string[];
}

/** The data module: names refer to their noun's forms by index, since many names share a noun ("доллар"). */
export interface CurrencyTable {
  nouns: Record<CurrencyLang, readonly string[]>;
  currencies: readonly { code: string; ru: [number, string]; en: [number, string]; hy: [number, string]; symbols: readonly string[] }[];
}

/** The table read back as one record per currency. */
export function currenciesOf(table: CurrencyTable): CurrencyData[] {
  const names = (lang: CurrencyLang, [noun, phrase]: [number, string]): CurrencyNames => ({
    noun: (table.nouns[lang][noun] ?? '').split('/').filter((w) => w !== ''),
    phrase,
  });
  return table.currencies.map((c) => ({
    code: c.code,
    ru: names('ru', c.ru),
    en: names('en', c.en),
    hy: names('hy', c.hy),
    symbols: [...c.symbols],
  }));
}
