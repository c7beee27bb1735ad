/**
 * R-MONEY-2: names that contain a money word and are not money (cities, events, products, people),
 * as data with the reason each one is here. A money word inside one of these phrases does not count;
 * an amount with a currency elsewhere in the same text still does. Same notation as the lexicon.
 */
export interface AllowlistEntry {
  term: string;
  reason: string;
  /** A phrase that passes because of this entry (checked by the tests). */
  example: string;
}

export const ALLOWLIST: readonly AllowlistEntry[] = [
  { term: 'кешью/кэшью/кешю/cashew*', reason: 'cashew nuts', example: 'Орехи кэшью и чай от клуба' },
  { term: 'johnny cash|джонни кэш*', reason: 'a singer', example: 'Пластинка Johnny Cash' },
  {
    term: 'money heist|money talks|money clip*|moneyclip*',
    reason: 'a series, a film; a money clip is merchandise',
    example: 'Money clip с гравировкой клуба',
  },
  { term: 'зажим*/клипс* для денег/купюр', reason: 'a money clip is merchandise', example: 'Зажим для денег с логотипом клуба' },
  {
    term: 'евро/euro #|uefa euro|евробаскет*/eurobasket/euroleague/евролиг*/eurocup/еврокубк*/еврокубок',
    reason: 'football and basketball championships',
    example: 'Шарф Евро-2024',
  },
  { term: 'чемпионат* европы|euro/евро open/тур/tour', reason: 'championships', example: 'Поездка на Euro Open' },
  { term: 'grand prix|гран-при/гранпри', reason: 'an event name, not "grand" (a thousand)', example: '1 Grand Prix seat' },
  { term: 'milwaukee bucks|bucks cap/jersey', reason: 'a basketball team', example: 'Milwaukee Bucks cap' },
  {
    term: 'pound/pounds/lbs/lb of|фунт/фунта/фунтов кофе/чая/мяса/сыра/конфет/стейка/орехов',
    reason: 'a weight',
    example: '2 pounds of coffee beans',
  },
  {
    term: 'турнирн*/игров*/фишечн* валют*|tournament/game/chip currenc*',
    reason: 'the rules call chips the tournament currency',
    example: 'Фишки — турнирная валюта',
  },
  {
    term: 'денежн* переул*|денежн* дерев*|долларов* дерев*|money tree|dollar tree',
    reason: 'a Moscow street; house plants',
    example: 'Долларовое дерево в горшке',
  },
  { term: 'dollar bay|dollar glen', reason: 'places', example: 'Weekend in Dollar Bay' },
  { term: 'cash cow|cash flow|кэшфлоу/cashflow', reason: 'board games (Cashflow) and their names', example: 'Настольная игра Cashflow' },
  { term: 'in the money', reason: 'poker slang for the paid places (ITM), not money', example: 'Every player in the money gets a medal' },
  { term: 'amd ryzen/radeon/athlon', reason: 'a processor brand', example: 'Процессор AMD Ryzen' },
  { term: 'рублевск*|рублево*', reason: 'Рублёвка, Рублёво-Успенское шоссе', example: 'Ужин в ресторане на Рублёвском шоссе' },
  { term: 'анна франк|anne frank', reason: 'a person', example: 'Книга «Дневник Анны Франк»' },
  { term: 'лимонный/лимонная/лимонад*', reason: 'lemons', example: 'Лимонный пирог от шефа' },
  { term: 'ваз/лада копейк*|копейк* ваз', reason: 'the car', example: 'Модель автомобиля ВАЗ «Копейка»' },
  { term: 'pay/pays respect/tribute|pay attention', reason: 'English idioms', example: 'Pay attention to the clock' },
  { term: 'сбербанк*/сбер арен*|sber arena', reason: 'a venue name', example: 'Финал в Сбер Арене' },
  { term: 'dollar shave club', reason: 'a razor brand', example: 'Набор для бритья Dollar Shave Club' },
  { term: 'dollar general', reason: 'a chain of shops (its name, not a sum)', example: 'Dollar General gift bag' },
  {
    term: 'ресторан*/кафе/бар/бара/баре/кофейн*/пекарн*/шоколад*/конфет*/отел*/гостиниц* « ~ »|restaurant/cafe/café/bar/pub/hotel/chocolate « ~ »',
    reason: 'a one-word name in quotes after a venue or a product is that venue or product ("ресторан «Доллар»")',
    example: 'Ужин в ресторане «Доллар»',
  },
  {
    term: '« ~ » ռեստորան*/սրճարան*/հյուրանոց*/շոկոլադ*',
    reason: 'an Armenian venue named in quotes before its kind',
    example: 'Ընթրիք «Դոլար» ռեստորանում',
  },
];
