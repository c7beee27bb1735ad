/**
 * R-MONEY-2 lexicon: the words and phrases that name money, as data. Adding a word is one line here
 * (with an example the test suite checks); the checker in `checker.ts` never lists words itself.
 *
 * Notation of `term`: words separated by spaces are consecutive words of the text; `*` at the end of a
 * word matches any ending (a stem); `/` separates alternative spellings of one word; `~` is one optional
 * word in between; `#` is a number. Terms are compared after normalisation (see `normalise.ts`), so
 * "рублей", "rublej", "рубле\u0301й" and "pyблей" are one word and need one entry.
 *
 * - `alone`: the outcome when the word stands without an amount; `none`: only next to an amount.
 * - `amount`: the outcome next to an amount ("5000 р", "гарант 100к", "USD 50"); default `refuse`.
 * - `upper`: only when written in capitals (ISO codes that are also words: "TRY", "ALL", "CUP").
 * - `translit`: whether a Latin-script word transliterated to Cyrillic may match it (default: terms of
 *   four letters or more, so English "rub" is not "руб").
 */

export type MoneyCategory = 'currency' | 'code' | 'symbol' | 'money' | 'slang' | 'payment' | 'crypto' | 'payout' | 'pool' | 'equivalent';

export interface LexiconEntry {
  term: string;
  category: MoneyCategory;
  alone: 'refuse' | 'review' | 'none';
  amount?: 'refuse' | 'review';
  upper?: boolean;
  translit?: boolean;
  /** Only an amount before it counts ("500 лей", not "won 3 trophies"). */
  amountBeforeOnly?: boolean;
  /** Next to an amount below 100, this outcome instead ("48 р." may be a size). */
  small?: 'review';
  /** A phrase this entry must catch (checked by the tests). */
  example: string;
  why?: string;
}

const e = (
  term: string,
  category: MoneyCategory,
  alone: LexiconEntry['alone'],
  example: string,
  more: Partial<LexiconEntry> = {},
): LexiconEntry => ({
  term,
  category,
  alone,
  example,
  ...more,
});

/** Currencies of Russia, the CIS and nearby, and the world's majors: Russian, English and Armenian names. */
const CURRENCIES: LexiconEntry[] = [
  e('руб/руб.', 'currency', 'refuse', 'Приз 500 руб.'),
  e(
    'рубль/рубля/рублю/рублем/рублей/рубли/рублям/рублями/рублях/рублик*/рублевый/рублевая/рублевое/рублевые/рублевого/рублевой/рублевую/рублевых',
    'currency',
    'refuse',
    'рубли победителю',
    { why: 'not the surname Рублёв nor Рублёвка: their forms are not listed' },
  ),
  e('рубас*/рублец*', 'slang', 'refuse', 'пару рубасов сверху'),
  e('р/р.', 'currency', 'none', 'Приз 5000 р', { small: 'review', why: '"р." alone is a size ("футболка р. 48")' }),
  e('тр/т.р./тыр', 'currency', 'none', 'Приз 15 тр'),
  e('rub/rubles/roubles/ruble/rouble', 'currency', 'none', '1000 rub', { why: '"back rub" is English' }),
  e('rubles/roubles/rubl*', 'currency', 'refuse', 'paid in roubles'),
  e('доллар*', 'currency', 'refuse', 'Приз в долларах'),
  e('dollar/dollars', 'currency', 'refuse', 'dollars for the winner'),
  e('бакс/бакса/баксы/баксов/баксам/баксами/баксах/баксик*', 'slang', 'refuse', 'сто баксов', { why: 'not the town Баксан' }),
  e('bucks/buck', 'slang', 'none', '100 bucks', { why: 'Milwaukee Bucks' }),
  e('грин/грина/грины/гринов/зелен*/зелёных/зеленых', 'slang', 'none', '100 гринов'),
  e('евро', 'currency', 'review', 'Приз в евро', { amount: 'refuse', why: 'alone it may be the championship ("Евро-2024")' }),
  e('euro/euros', 'currency', 'none', '20 euro'),
  e('euros', 'currency', 'refuse', 'paid in euros'),
  e('еврик*', 'slang', 'refuse', 'сто евриков'),
  e('драм/драмов/драмах/драмам/драмами/драма', 'currency', 'none', '5000 драм', { why: '"драма" is drama' }),
  e('драмов', 'currency', 'review', 'Приз в драмах, сумма уточняется'),
  e('драмах', 'currency', 'review', 'Приз в драмах'),
  e('dram/drams/dr', 'currency', 'none', '5000 dram'),
  e('дрм', 'currency', 'none', '5000 дрм'),
  e('դրամ/դրամով/դրամը/դր', 'currency', 'refuse', '5000 դրամ'),
  e('դրամական*/դրամակ*', 'money', 'refuse', 'դրամական մրցանակ'),
  e('փող/փողով/փողը/փողեր*', 'money', 'refuse', 'մրցանակը փողով'),
  e('կանխիկ*', 'money', 'refuse', 'կանխիկ մրցանակ'),
  e('դոլար*', 'currency', 'refuse', '100 դոլար'),
  e('եվրո', 'currency', 'refuse', '100 եվրո'),
  e('ռուբլի*', 'currency', 'refuse', '1000 ռուբլի'),
  e('գումար*', 'equivalent', 'review', 'մրցանակային գումար', { why: 'a sum, usually of money; ambiguous alone' }),
  e('մրցանակային ֆոնդ*', 'pool', 'refuse', 'մրցանակային ֆոնդը 100000'),
  e('վճարում*/վճարվում*/վճարել*/վճարենք', 'payout', 'refuse', 'հաղթողին վճարում ենք'),
  e('հազար', 'equivalent', 'none', '50 հազար'),
  e('կրիպտո*/բիթքոյն*/բիթկոին*', 'crypto', 'refuse', 'մրցանակը բիթքոյնով'),
  e('փոխանց* քարտ*/հաշվ*', 'payment', 'refuse', 'փոխանցում քարտին'),
  e('փոխանցում*/փոխանցել*/փոխանցենք', 'payment', 'review', 'փոխանցում ենք հաղթողին', { amount: 'refuse' }),
  e('тенге/теньге', 'currency', 'refuse', '10 000 тенге'),
  e('tenge/tg', 'currency', 'none', '10000 tenge'),
  e('тг/тнг', 'currency', 'none', '5000 тг'),
  e('гривн*/гривен/гривень', 'currency', 'refuse', '300 гривен'),
  e('hryvn*/hrivn*/grivn*/griven', 'currency', 'refuse', '300 hryvnia'),
  e('грн/грн.', 'currency', 'refuse', '500 грн'),
  e('гроши/гроші/грошей', 'money', 'refuse', 'гроші переможцю'),
  e('сом/сома/сомов/сомах', 'currency', 'none', '2000 сом', { why: '"сом" is also a fish' }),
  e('som/soms', 'currency', 'none', '2000 som'),
  e('сомони', 'currency', 'refuse', '500 сомони'),
  e('somoni', 'currency', 'refuse', '500 somoni'),
  e('сум/сумов/сума', 'currency', 'none', '100000 сум'),
  e("sum/sums/so'm", 'currency', 'none', '100000 sum'),
  e('лари', 'currency', 'none', '200 лари', { why: 'also a name (Ларри)' }),
  e('lari', 'currency', 'none', '200 lari'),
  e('манат*', 'currency', 'refuse', '50 манат'),
  e('manat*', 'currency', 'refuse', '50 manat'),
  e('лей/леев/леи/лея', 'currency', 'none', '100 лей'),
  e('lei/leu', 'currency', 'none', '100 lei'),
  e('злот*', 'currency', 'refuse', '100 злотых'),
  e('zlot*/zł/zl', 'currency', 'none', '100 zł'),
  e('zloty/zlotys/zlotych', 'currency', 'refuse', 'paid in zloty'),
  e('рупи*', 'currency', 'refuse', '1000 рупий'),
  e('rupee*/rupia*', 'currency', 'refuse', '1000 rupees'),
  e('лир/лиры/лира/лирах', 'currency', 'none', '500 лир', { why: 'a lyre, a name' }),
  e('турецк* лир*', 'currency', 'refuse', 'в турецких лирах'),
  e('lira/liras/lire', 'currency', 'none', '500 lira'),
  e('юань/юаня/юаней/юани/юанях/юанями', 'currency', 'refuse', '100 юаней'),
  e('yuan/renminbi', 'currency', 'refuse', '100 yuan'),
  e('иена/иен/иены/иенах/йена/йен/йены', 'currency', 'refuse', '1000 иен'),
  e('yen', 'currency', 'none', '1000 yen'),
  e('фунт/фунта/фунтов', 'currency', 'none', '20 фунтов', { why: '"фунт кофе" is a weight' }),
  e('фунт* стерлинг*', 'currency', 'refuse', 'фунты стерлингов'),
  e('pound/pounds/quid', 'currency', 'none', '50 quid', { why: '"2 pounds of coffee" is checked by the allowlist' }),
  e('pound* sterling', 'currency', 'refuse', 'pounds sterling'),
  e('франк/франка/франков/франки', 'currency', 'none', '100 франков', { why: 'Анна Франк' }),
  e('швейцарск* франк*', 'currency', 'refuse', 'швейцарские франки'),
  e('franc/francs', 'currency', 'none', '100 francs'),
  e('swiss franc*', 'currency', 'refuse', 'swiss francs'),
  e('вон/вона/вон./воны', 'currency', 'none', '10000 вон'),
  e('корейск* вон*', 'currency', 'refuse', 'корейские воны'),
  e('won', 'currency', 'none', '10000 won', { upper: false }),
  e('korean won', 'currency', 'refuse', 'in korean won'),
  e('шекел*/шекел', 'currency', 'refuse', '100 шекелей'),
  e('shekel*', 'currency', 'refuse', '100 shekels'),
  e('дирхам*', 'currency', 'refuse', '100 дирхамов'),
  e('dirham*', 'currency', 'refuse', '100 dirhams'),
  e('песо', 'currency', 'none', '100 песо'),
  e('peso/pesos', 'currency', 'none', '100 pesos'),
  e('реал/реалов/реала', 'currency', 'none', '100 реалов'),
  e('крон/кроны/крона', 'currency', 'none', '100 крон'),
  e('krona/kronor/krone/kroner', 'currency', 'none', '100 kronor'),
  e('форинт*', 'currency', 'refuse', '1000 форинтов'),
  e('forint*', 'currency', 'refuse', '1000 forints'),
  e('лев/лева/левов', 'currency', 'none', '50 лева'),
  e('динар*', 'currency', 'refuse', '100 динаров'),
  e('dinar*', 'currency', 'refuse', '100 dinars'),
  e('риал*/риял*', 'currency', 'refuse', '100 риалов'),
  e('rial*/riyal*', 'currency', 'refuse', '100 riyals'),
  e('ринггит*', 'currency', 'refuse', '100 ринггитов'),
  e('бат/батов', 'currency', 'none', '1000 батов'),
  e('baht', 'currency', 'refuse', '1000 baht'),
  e('донг*', 'currency', 'none', '10000 донгов'),
  e('тугрик*', 'currency', 'refuse', '100 тугриков'),
  e('цент/цента/центов/центы', 'currency', 'none', '50 центов'),
  e('cent/cents', 'currency', 'none', '50 cents'),
  e('копейк*/копеек', 'currency', 'none', '50 копеек', { why: 'the car "Копейка", the surname Копейкин' }),
  e('копеечк*', 'currency', 'refuse', 'копеечка победителю'),
  e('у.е./уе/у.е', 'currency', 'refuse', '100 у.е.'),
  e('у . е', 'currency', 'none', '100 у. е.'),
  e('белорусск* рубл*', 'currency', 'refuse', 'белорусские рубли'),
  e('зайчик*', 'slang', 'none', '100 зайчиков', { why: 'Belarusian roubles in slang; otherwise bunnies' }),
  e('валют*', 'currency', 'refuse', 'приз в валюте', { why: '"турнирная валюта" (chips) is allowlisted' }),
  e('currency/currencies', 'currency', 'refuse', 'prize in any currency', { why: '"tournament currency" is allowlisted' }),
  e('целков*', 'slang', 'refuse', 'целковый победителю'),
];

/** Words for money itself, cash and its equivalents. */
const MONEY: LexiconEntry[] = [
  e('деньг*/денег/денежк*/денеж*/деньж*/денюж*/деньжат*', 'money', 'refuse', 'приз деньгами'),
  e('денги', 'money', 'refuse', 'dengi победителю', { translit: true }),
  e('мани', 'money', 'review', 'мани победителю', { why: 'Cyrillic "money"; also a name' }),
  e('money/moneys/monetary/moneyz', 'money', 'refuse', 'money for first place'),
  e('кэш/кеш/кэшем/кэшу/кэшик*/кэшбэк*/кэшбек*/кэшаут*/кэш-аут*/кэшприз*/кэш-приз*/кэшев*/кэшов*', 'money', 'refuse', 'кэш победителю', {
    translit: true,
    why: 'a stem would take "кешью" (cashew) and the name Кеша',
  }),
  e('кэша', 'money', 'review', 'немного кэша', { amount: 'refuse', why: 'the genitive of кэш is also the name Кеша' }),
  e('cash/cashback/cashout/cashprize/cashes/kash', 'money', 'refuse', 'cash prize'),
  e('наличн*/наличк*/налик*/налом/нал', 'money', 'refuse', 'расчёт наличными', { translit: true, why: 'not Нальчик, not the name Нала' }),
  e('безнал*', 'money', 'refuse', 'безналом победителю', { translit: true }),
  e('гонорар*', 'money', 'refuse', 'гонорар финалисту'),
  e('купюр*/банкнот*', 'money', 'refuse', 'купюра на память'),
  e('banknote*/bills', 'money', 'none', '5 banknotes'),
  e('cheque/cheques', 'money', 'refuse', 'a cheque for the champion'),
  e('номинал*', 'equivalent', 'refuse', 'сертификат номиналом 5000'),
  e('на сумму', 'equivalent', 'refuse', 'карта на сумму 2000'),
  e('сумм*', 'equivalent', 'none', 'сумма 5000'),
  e('эквивалент*', 'equivalent', 'refuse', 'в денежном эквиваленте'),
  e('equivalent', 'equivalent', 'none', 'equivalent 500'),
  e('cash equivalent*', 'equivalent', 'refuse', 'cash equivalent of the prize'),
  e('worth', 'equivalent', 'none', 'gift card worth 500', { why: 'before an amount: a face value' }),
  e('стоимост*', 'equivalent', 'none', 'сертификат стоимостью 5000'),
  e('gift card* worth', 'equivalent', 'refuse', 'gift card worth 100'),
  e('деньгами/налом/кэшем', 'money', 'refuse', 'выдаём кэшем'),
];

/** Slang for money and amounts. Most are ordinary words too, so alone they are only held for review. */
const SLANG: LexiconEntry[] = [
  e('бабк*', 'slang', 'review', 'бабки победителю', { why: 'also "grannies"' }),
  e('бабло/бабла/баблу/баблом/баблишк*/бабос*/bablo/babla', 'slang', 'refuse', 'бабло победителю', { why: 'not "бабл" (the bubble)' }),
  e('капуста/капусты/капусту/капустой/капусточк*', 'slang', 'review', 'капуста победителю', {
    why: 'also cabbage; "капустный пирог" is a pie',
  }),
  e('лимон/лимона/лимонов/лимоны/лимонам', 'slang', 'review', 'Приз — лимон', { small: 'review', why: 'a million in slang, or a lemon' }),
  e('лям/ляма/лямов/лямы/лямчик*', 'slang', 'refuse', 'пол-ляма'),
  e('кусок/куска/кусков/куски', 'slang', 'none', '5 кусков', { why: 'a piece of cake is not money' }),
  e('косар*/косых/косой', 'slang', 'none', '5 косарей'),
  e('косарь/косаря/косарей', 'slang', 'refuse', 'косарь сверху'),
  e('штук/штуки/штука', 'slang', 'none', '5 штук', { amount: 'review', why: 'thousands in slang, or pieces' }),
  e('тонн/тонны/тонна', 'slang', 'none', '2 тонны', { amount: 'review' }),
  e('деревянн*', 'slang', 'none', '500 деревянных'),
  e('рублик*', 'slang', 'refuse', 'рублики победителю'),
  e('лавэ/лаве/лавех*/лавэх*', 'slang', 'refuse', 'лавэ победителю'),
  e('филки/филок/фантики', 'slang', 'none', '100 филок'),
  e('бабули/бабулек', 'slang', 'none', '10 бабулек'),
  e("grand/grands/k's", 'slang', 'none', '5 grand', { why: '"Grand Prix" is allowlisted' }),
  e('dough/moolah/dosh/bread', 'slang', 'none', '500 dosh'),
  e('moolah/dosh', 'slang', 'refuse', 'moolah for the winner'),
];

/** Payment services, transfers and bank and wallet brands. */
const PAYMENT: LexiconEntry[] = [
  e('сбп', 'payment', 'refuse', 'перевод по СБП'),
  e('sbp', 'payment', 'refuse', 'Переведём по SBP', { upper: true }),
  e('перевод*/переведем/переведём/переводим/переведу/переводом', 'payment', 'none', 'перевод 5000'),
  e(
    'перевод*/переводом на/по ~ карт*/счет*/кошел*/телефон*/номер*/реквизит*|перевод*/переводом по сбп/sbp/номеру/телефону',
    'payment',
    'refuse',
    'перевод на карту победителю',
  ),
  e('переведем/переведём/переводим/переведу/скинем/скину/кинем/кину/закинем/закину/зачислим', 'payment', 'none', 'скинем 5000'),
  e(
    'переведем/переводим/переведу/скинем/скину/кинем/закинем/закину/зачислим/зачислю на/по ~ карт*/счет*/кошел*/телефон*/номер*/баланс*/сбп',
    'payment',
    'refuse',
    'закинем на карту',
  ),
  e('зачислен*/зачисля* на ~ карт*/счет*/кошел*/баланс*/телефон*', 'payment', 'refuse', 'зачисление на карту'),
  e('зачислен*/зачисл*', 'payment', 'none', 'зачисление 5000'),
  e('на карту/счет/кошелек/баланс/телефон/реквизиты', 'payment', 'review', 'приз на счет', { amount: 'refuse' }),
  e('банковск* перевод*/карт*/счет*/реквизит*', 'payment', 'refuse', 'банковский перевод'),
  e('расчетн*/лицев* счет*', 'payment', 'refuse', 'на расчётный счёт'),
  e('пополн* баланс*', 'payment', 'refuse', 'пополнение баланса победителю'),
  e('электронн* кошел*', 'payment', 'refuse', 'на электронный кошелёк'),
  e('bank/wire/money transfer*', 'payment', 'refuse', 'bank transfer'),
  e('wire/transfer', 'payment', 'none', 'transfer 500'),
  e('сбер*/sber*', 'payment', 'review', 'карта Сбера', { amount: 'refuse' }),
  e('тинькоф*/тинько*/tinkoff*/т-банк*/tbank', 'payment', 'review', 'на Тинькофф', { amount: 'refuse' }),
  e('альфа-банк*/альфабанк*/alfa-bank*/alfabank', 'payment', 'review', 'на Альфа-Банк', { amount: 'refuse' }),
  e('втб/vtb', 'payment', 'review', 'карта ВТБ', { amount: 'refuse' }),
  e('газпромбанк*/райффайзен*/raiffeisen*/росбанк*/совкомбанк*/ozonbank|озон банк*|ozon bank', 'payment', 'review', 'на Райффайзен', {
    amount: 'refuse',
  }),
  e(
    'юmoney/юмани/yoomoney/yumoney/webmoney/вебмани/qiwi/payeer/skrill/neteller/revolut/payoneer/advcash|яндекс деньги',
    'payment',
    'refuse',
    'на ЮMoney',
  ),
  e(
    '# на/через/по киви/qiwi/visa/mastercard/мастеркард/мир/сбер*/sber*/тинькоф*/tinkoff*/т-банк*/втб/vtb/альфу/kaspi/каспи/idram/իդրամ/сбп/sbp/карту/счет/кошелек/card/account/wallet',
    'payment',
    'refuse',
    '5000 на киви',
    { why: 'kiwi is a fruit, but an amount sent to it is money' },
  ),
  e('киви/qiwi кошел*', 'payment', 'refuse', 'на киви кошелёк'),
  e('paypal/пейпал/пэйпал', 'payment', 'refuse', 'PayPal transfer'),
  e('золот* корон*', 'payment', 'review', 'через Золотую Корону', { amount: 'refuse' }),
  e('western union|вестерн юнион|юнистрим/unistream', 'payment', 'refuse', 'Western Union'),
  e('idram/իդրամ/telcell/easypay/kaspi/каспи/payme/click', 'payment', 'review', 'на Idram', { amount: 'refuse' }),
  e('idram/իդրամ/kaspi/каспи', 'payment', 'refuse', 'через Kaspi'),
];

/** Crypto assets. */
const CRYPTO: LexiconEntry[] = [
  e('крипт*', 'crypto', 'refuse', 'приз в крипте'),
  e('crypto*', 'crypto', 'refuse', 'crypto reward'),
  e('биткоин*/биткойн*/битко*/bitcoin*/btc', 'crypto', 'refuse', '0.01 биткоина'),
  e('эфир/эфира/эфиров/эфириум*/этериум*/ефир*', 'crypto', 'none', '1 эфир'),
  e('эфириум*/этериум*/ethereum*/ether', 'crypto', 'refuse', 'ethereum победителю'),
  e('eth', 'crypto', 'refuse', 'приз 0.1 ETH', { upper: true }),
  e('tether/тезер/тезеры/тетер/usdt/usdc/юсдт', 'crypto', 'refuse', 'выплата в tether'),
  e('ton/тон/тонкоин*/toncoin', 'crypto', 'none', '100 TON', { upper: true }),
  e('toncoin/тонкоин*', 'crypto', 'refuse', 'toncoin победителю'),
  e(
    'solana/солана/dogecoin/догикоин*/доги/litecoin/лайткоин*/monero/монеро/xrp/bnb/doge/sol/ltc/xmr/trx/tron',
    'crypto',
    'none',
    '50 SOL',
    { upper: true },
  ),
  e(
    'solana/солана/dogecoin/догикоин*/litecoin/лайткоин*/monero/монеро/binance/бинанс/байбит/bybit/metamask/метамаск',
    'crypto',
    'refuse',
    'на Binance',
  ),
  e('токен*/token*', 'crypto', 'none', '100 токенов', { amount: 'review' }),
  e('коин*/coin*/монет*', 'crypto', 'none', '100 монет', { amount: 'review', why: '"памятная монета" (a keepsake) is not money' }),
  e('nft/нфт', 'crypto', 'review', 'NFT победителю'),
  e('сатош*/satoshi*/sats', 'crypto', 'refuse', '10000 сатошей'),
];

/** Paying out: money handed over, whatever the verb. */
const PAYOUT: LexiconEntry[] = [
  e('выплат*/выплач*/выплотим', 'payout', 'refuse', 'выплачиваем победителю'),
  e('payout*/pay-out*/payouts|pay/pays/paid/paying out', 'payout', 'refuse', 'payout to the winner'),
  e('pay/pays/paid/paying', 'payout', 'none', 'pays 500'),
  e('we/will pay|will be paid', 'payout', 'refuse', 'we pay the winner'),
  e('выдаем/выдадим/выдается/получит/получает/забирает/достанется/заберет/получат', 'payout', 'none', 'получит 5000', { amount: 'review' }),
  e('возврат*/вернем/вернуть взнос*/бай-ин*/байин*/buy-in*/оплат*/входн*', 'payout', 'refuse', 'возврат взноса'),
  e('refund*', 'payout', 'refuse', 'buy-in refund'),
  e('отдаем/отдадим/раздаем/разыграем', 'payout', 'none', 'отдаём 10к', { amount: 'review' }),
  e('в/на руки', 'payout', 'none', 'на руки 5000'),
  e('winner/winners get/gets/receive*/takes', 'payout', 'none', 'winner gets 500', { amount: 'review' }),
  e('победител*/призер*/чемпион*/первому/второму/третьему/каждому/финалист*', 'payout', 'none', 'победителю 5000', { amount: 'review' }),
];

/** A prize pool formed from fees, and guarantees (R-MONEY-3). */
const POOL: LexiconEntry[] = [
  e('призов* фонд*/пул*/банк*/копилк*/сумм*/бюджет*', 'pool', 'refuse', 'призовой фонд 100 000'),
  e('призов*/призы/приз/призу/призом/призов', 'pool', 'none', 'приз 5000', { amount: 'review' }),
  e('prize pool*/fund*/money|prizepool*/prize-pool*', 'pool', 'refuse', 'prize pool 10k'),
  e('prize/prizes/reward/rewards/award', 'pool', 'none', 'prize 5000', { amount: 'review' }),
  e('гарант*/гтд/gtd', 'pool', 'none', 'гарант 100к'),
  e('gtd/гтд', 'pool', 'refuse', '100k GTD'),
  e('guarantee*/guaranteed', 'pool', 'none', 'guaranteed 10k'),
  e('сумм*/total ~ ~ взнос*/бай-ин*/байин*/входов/сборов/fees/buy-ins', 'pool', 'refuse', 'сумма всех бай-инов'),
  e('# в/на призов*/фонд*/пул*/банк/prize*/pool*/pot', 'pool', 'refuse', 'из них 800 в призовой'),
  e('оверлей*/overlay*', 'pool', 'review', 'overlay за счёт клуба'),
  e('пул/пула/пуле/пулом', 'pool', 'none', 'пул 5000', { amount: 'refuse' }),
  e('весь банк/пул|в/из банк/банка|банк турнира', 'pool', 'review', 'весь банк победителю'),
  e('winner/winners take/takes/gets all|winner-takes-all', 'pool', 'review', 'winner takes all'),
  e('all ~ fees/buy-ins/buyins/entries', 'pool', 'review', 'winner takes all fees'),
  e('% ~ ~ взнос*/бай-ин*/байин*/вход*/сбор*/фонд*|% of ~ fees/buy-ins/buyins/entries', 'pool', 'refuse', '50% от взносов'),
  e(
    'процент*/доля/долю/част* от ~ взнос*/бай-ин*/байин*/сбор*|част*/доля/долю взнос*/бай-ин*|part/share of ~ fees/buy-ins/buyins',
    'pool',
    'refuse',
    'часть взносов идёт в призы',
  ),
];

/**
 * Fee words: with a prize, pool or winner word in the same clause they describe a pool from fees
 * ("взносы победителю"). Alone they are the club's organisational fee and pass (R-MONEY-3).
 */
export const FEE_WORDS =
  'взнос*/бай-ин*/байин*/buy-in*/buyin*/fee/fees/entries/входы/входов/ребай*/ре-бай*/аддон*/адд-он*/ре-энтри/реэнтри/rebuy*/re-entr*/add-on*/addon*/сбор/сборы/сборов/орг.сбор*/оргвзнос*/մուտքավճար*/վճարներ*';
/** What turns fee words into a pool: a recipient or a destination. */
export const POOL_DESTINATIONS =
  'победител*/призер*/призов*/приз/призы/призам/фонд*/пул*/банк/winner*/prize*/pool*/split*/distribut*/делится/делятся/делим/распредел*/разыгрыва*/финалист*/հաղթող*/մրցանակ*/ֆոնդ*/բաշխ*';

/**
 * Cash equivalents: not money, but close enough that an operator looks before the prize is shown
 * (deposits, a shop's gift card, a bar tab, fuel, a game store's wallet).
 */
const EQUIVALENTS: LexiconEntry[] = [
  e('депозит*/deposit*/դեպոզիտ*', 'equivalent', 'review', 'Депозит в баре на вечер', {
    why: 'a deposit is money held at a bar or a venue',
  }),
  e('подарочн* карт*/карточк*|gift card*/giftcard*|նվեր քարտ*', 'equivalent', 'review', 'Amazon gift card', {
    why: "a gift card is a shop's stored value; the club's own certificates say what they are for",
  }),
  e('steam/game wallet|wallet code*|bar tab*|fuel card*|топливн* карт*', 'equivalent', 'review', 'Steam wallet code'),
  e('бонусн* счет*/баланс*|bonus balance/account', 'equivalent', 'review', 'Бонусный счёт в магазине партнёра'),
  e('ճանապարհածախս*', 'equivalent', 'review', 'Ճանապարհածախսի փոխհատուցում', { why: 'travel expenses paid back' }),
  e(
    'оплат*/оплачиваем/оплатим такси/проезд*/дорог*/проживан*/отел*|cover* ~ ~ taxi/travel/hotel|pay* ~ ~ taxi',
    'equivalent',
    'review',
    'Оплата такси до дома финалистам',
  ),
  e('get/gets/getting/got paid', 'payout', 'refuse', 'Top 15% of the field get paid'),
];

export const LEXICON: readonly LexiconEntry[] = [
  ...CURRENCIES,
  ...MONEY,
  ...SLANG,
  ...PAYMENT,
  ...CRYPTO,
  ...PAYOUT,
  ...POOL,
  ...EQUIVALENTS,
];

/**
 * Money by what a clause says rather than by a word (R-MONEY-2, R-MONEY-3): each rule names the kinds
 * of words that must all be in one clause, the kinds that cancel it, and the outcome. The words of each
 * kind are below; the checker only finds them and applies the rules.
 */
export type ClauseWord =
  | 'fee'
  | 'refund'
  | 'pot'
  | 'split'
  | 'percent'
  | 'credit'
  | 'account'
  | 'cert'
  | 'shop'
  | 'special'
  | 'sponsor'
  | 'travel'
  | 'bonus'
  | 'count'
  | 'negation';

export interface ClauseRule {
  all: readonly ClauseWord[];
  unless: readonly ClauseWord[];
  outcome: 'refuse' | 'review';
  category: MoneyCategory;
  reason: string;
  example: string;
  /** A phrase with the same words the rule lets pass. */
  passes: string;
}

export const CLAUSE_RULES: readonly ClauseRule[] = [
  {
    all: ['fee', 'refund'],
    unless: ['negation'],
    outcome: 'refuse',
    category: 'pool',
    reason: 'a fee paid back as a prize (R-MONEY-3: a fee never comes back as a prize)',
    example: 'Buy-in back for the bubble',
    passes: 'Взнос не возвращается',
  },
  {
    all: ['pot', 'split'],
    unless: ['count', 'negation'],
    outcome: 'refuse',
    category: 'pool',
    reason: 'a pot or bank shared out (R-MONEY-3: no prize pool)',
    example: 'The pot is split between the final two',
    passes: 'Split pot: chips are divided equally between the winning hands',
  },
  {
    all: ['pot', 'percent'],
    unless: ['count', 'negation'],
    outcome: 'refuse',
    category: 'pool',
    reason: 'a share of a pot or bank (R-MONEY-3: no prize pool)',
    example: 'Winner takes 60% of the pot',
    passes: 'Pot odds: 25% to call',
  },
  {
    all: ['credit', 'account'],
    // "The fee is paid at the desk by card": the club's own fee (R-MONEY-4), not a prize.
    unless: ['count', 'fee', 'negation'],
    outcome: 'refuse',
    category: 'payment',
    reason: 'a credit to a bank account, card or wallet',
    example: 'Credited to your bank account',
    passes: 'Points are credited to your league account',
  },
  {
    all: ['cert', 'shop'],
    unless: ['negation'],
    outcome: 'review',
    category: 'equivalent',
    reason: "a shop's certificate or card: a cash equivalent, for a moderator to see",
    example: 'Сертификат Ozon',
    passes: 'Сертификат клуба на ужин',
  },
  {
    all: ['refund', 'count'],
    unless: ['negation'],
    outcome: 'review',
    category: 'equivalent',
    reason: 'a refund in chips or points: a moderator checks nothing paid comes back',
    example: 'Возврат в фишках',
    passes: 'Фишки не возвращаются',
  },
  {
    all: ['special', 'sponsor'],
    unless: ['negation'],
    outcome: 'review',
    category: 'equivalent',
    reason: "a sponsor's special prize: say what it is",
    example: 'Спецприз от спонсора',
    passes: 'Кубок от спонсора',
  },
  {
    all: ['refund', 'travel'],
    unless: ['negation'],
    outcome: 'review',
    category: 'equivalent',
    reason: 'travel or a stay paid back: a cash equivalent, for a moderator to see',
    example: 'Компенсация проезда победителю',
    passes: 'Поездка на финал серии за счёт клуба',
  },
  {
    all: ['bonus', 'percent'],
    unless: ['count', 'negation'],
    outcome: 'review',
    category: 'equivalent',
    reason: 'a percentage bonus: of what? A moderator looks',
    example: '10% deposit bonus',
    passes: 'Bonus: 10% more starting chips',
  },
];

/** The words of each kind the clause rules name ("percent" is the sign after a number). */
export const CLAUSE_WORDS: Record<Exclude<ClauseWord, 'percent' | 'count' | 'negation' | 'fee' | 'cert'>, string> = {
  refund:
    'возврат*/вернем/вернём/вернуть/вернут/возвращ*/возмещ*/компенс*/обратно/назад/back/refund*/reimburs*/return*/compensat*/վերադարձ*/փոխհատուց*|հետ ենք/է տալիս/տրվում|հետ կտանք/տալ',
  pot: 'банк/банка/банку/банком/банке/pot/pots/bank/բանկ/բանկը/բանկի/բանկն',
  split:
    'делит*/делим/делят/делится/поделим/поделят/разделим/разделят/разделен*/пополам/поровну/половин*/чоп*/split*/chop*/divid*/share/shared/shares/half/բաշխ*/կիս*',
  credit:
    'зачисл*/начисл*/поступ*/переведем/переведём/перевед*/отправим/пополн*/кредиту*/credit*/paid/pay/transfer*/wire*/sent/send/top-up/topup/deposit*/փոխանց*/կփոխանց*/մուտքագր*/կմուտքագր*/լիցքավոր*/կլիցքավոր*|top/tops/topped up',
  account:
    'счет/счета/счету/счетом/счете/карт*/кошел*/баланс*/iban/account*/card/cards/wallet*/e-wallet/balance/revolut/հաշիվ/հաշվ*/քարտ*/դրամապանակ*',
  shop: 'магазин*/маркетплейс*/супермаркет*/гипермаркет*/store*/shop*/marketplace*/supermarket*/սուպերմարկետ*/խանութ*|ozon/озон/wildberries/вайлдберриз/amazon/starbucks/ikea/икеа/спортмастер/летуаль/lamoda/ламода/decathlon/декатлон/zara/ашан/auchan/пятерочка/перекресток/магнит/эльдорадо/днс/dns/apple/itunes|м.видео/мвидео/м-видео|золот* яблок*|яндекс маркет*|google play|app store',
  special: 'спецприз*/спец-приз*/специальн*/особ*/special*/հատուկ',
  sponsor: 'спонсор*/партнер*/партнёр*/sponsor*/partner*/հովանավոր*',
  travel: 'проезд*/дорог*/такси/проживан*/расход*/travel*/taxi/hotel*/expenses/fuel/flight*/ճանապարհ*/տաքսի*|билет* на самолет*',
  bonus: 'бонус*/bonus*/բոնուս*',
};

/** Multipliers written between an amount and its currency, or alone after it ("5к", "10 тыс."). */
export const MULTIPLIERS =
  'к/k/кк/kk/тыс/тыс./тыщ*/тысяч*/т/т./млн/млн./млрд/m/mln/mio/mil/thousand*/million*/миллион*/лям*/косых/thsd/тис/тисяч*/հազար/հզր/մլն';

/** Numbers written in words, which make an amount as well as digits do ("сто баксов", "five grand"). */
export const NUMBER_WORDS =
  'один/одна/два/две/три/четыре/пять/шесть/семь/восемь/девять/десять/двадцать/тридцать/пятьдесят/сто/двести/триста/пятьсот/тысяча/тысячу/тыщу/пару/пол/one/two/three/four/five/ten/twenty/fifty/hundred/couple/half';

/** Words of negation: before a money word ("без денег", "non-cash") or after it ("выплата не предусмотрена"). */
export const NEGATIONS_BEFORE =
  "без/не/нет/ни/никаких/никакие/никакого/никакой/отсутствие/нельзя/невозможно/запрещ*/no/not/non/without/never/zero/cannot/can't/առանց/ոչ/չի/չեն/չկա";
export const NEGATIONS_AFTER =
  "нет/отсутству*/исключен*/запрещ*/невозмож*/нельзя/none/not/isn't/aren't/never/չկա/չի/չեն/չկան/ոչ/չունեն/չունի/չունենք|не предусмотр*/выплач*/производ*/выда*/будет/формиру*/предоставл*/входит/дает/даем/разыгрыва*/начисл*/бывает/предполага*/использу*/принима*";

/**
 * Exchange predicates a negation reaches through to their object ("не подлежит обмену на деньги",
 * "cannot be sold or exchanged for cash"): the rules' own wording of R-MONEY-1 and R-TICKET-1.
 */
export const EXCHANGE_WORDS = 'обмен*/замен*/конверт*/выкуп*/exchang*/redeem*/convert*/sold/sell/swap*/փոխանակ*/փոխարին*/փոխարկ*';

/**
 * Units after a number joined by a hyphen ("500-piece chip set", "1000-piece puzzle"): a count or a
 * size, not an amount. A number followed by a unit with a space is a count already.
 */
export const UNIT_WORDS =
  'piece/pieces/pc/pcs/шт/штук*/местн*/дюйм*/inch*/см/cm/мм/mm/литр*/liter*/litre*/мл/ml/гб/gb/тб/tb/вт/watt*/мач/mah/player*/seat*/person*/персон*/размер*/size*/հատ*/դյույմ*';

/** Words that make "4K", "2K", "8K" a picture's resolution, not four thousand. */
export const SCREEN_WORDS =
  'телевизор*/монитор*/экран*/проектор*/tv/monitor*/screen*/display*/projector*/uhd/дюйм*/inch*/հեռուստացույց*/մոնիտոր*';

/** Words before a number that make it a count of chips, points or time, not an amount ("стек 30 000"). */
export const COUNT_WORDS =
  'стек*/stack*/фиш*/chip/chips/очк*/балл/балла/баллов/баллы/баллам/баллами/баллах/балльн*/point/points/pts/рейтинг*/rating/leaderboard/уровн*/уровень/level/levels/блайнд*/blind*/анте/ante/минут*/minute*/час/часа/часов/hour*/միավոր*';

/** Words after which an amount is a certificate's face value ("сертификат на 5000"). */
export const CERTIFICATE_WORDS = 'сертификат*/ваучер*/подарочн*/купон*/карт*/voucher*/certificate*/gift*/coupon*/card*/սերտիֆիկատ*/նվեր*';

/**
 * Words that make a number a count of something that is not money ("3 посещения", "500 фишек"):
 * an amount followed by any other word is a count; these are the words that do NOT make it one.
 */
/** Entry as a fee, which only a refund makes money ("вход обратно"); "вход в главное событие" is a prize. */
export const ENTRY_WORDS = 'вход/входа/входу/орг/оргсбор*/entry/entries/մուտք*';

/** Words after a percentage that make it a discount, not a payout ("скидка 10%"). */
export const DISCOUNT_WORDS = 'скидк*/discount*/off/sale/զեղչ*';

export const NOT_UNITS =
  'и/или/на/в/во/за/от/до/по/для/к/с/со/а/плюс/победител*/призер*/призёр*/каждому/первому/второму/третьему/финалист*/игрок*/участник*/чемпион*/лучш*/сверху/бонусом/наличными/кэшем/and/or/to/for/the/a/each/per/plus/winner*/player*/top/first/second/third/cash/extra/on/in';

/** ISO 4217 codes (active and the common historical ones). */
export const ISO_4217 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BYR BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GGP GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS IMP INR IQD IRR ISK JEP JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RUR RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TVD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XAG XAU XCD XDR XOF XPF YER ZAR ZMW ZWL'.split(
    ' ',
  );
/** Codes that mean nothing else: refused wherever they stand, in any case. */
export const DISTINCTIVE_CODES = new Set([
  'USD',
  'EUR',
  'RUR',
  'GBP',
  'KZT',
  'UAH',
  'BYN',
  'BYR',
  'CNY',
  'JPY',
  'CHF',
  'KGS',
  'UZS',
  'TJS',
  'TMT',
  'AZN',
  'PLN',
  'INR',
  'KRW',
  'USDT',
  'UZS',
]);
/**
 * Codes that are also words or names (English, Russian, brands): counted only in capitals, and alone
 * not at all ("ALL", "TOP", "CUP", "AMD" processors).
 */
export const WORDLIKE_CODES = new Set([
  'ALL',
  'TOP',
  'CUP',
  'BOB',
  'SOS',
  'PEN',
  'MAD',
  'NAD',
  'BAM',
  'CAD',
  'MOP',
  'RON',
  'SAR',
  'DOP',
  'GEL',
  'PHP',
  'AMD',
  'MUR',
  'ERN',
  'JOD',
  'KES',
  'MNT',
  'IMP',
  'JEP',
  'GGP',
  'TVD',
  'XAG',
  'XAU',
  'XDR',
  'LAK',
  'FKP',
  'GIP',
  'SHP',
  'CUC',
  'ANG',
  'AFN',
  'BMD',
  'BND',
  'CVE',
  'GYD',
  'LSL',
  'MGA',
  'NIO',
  'PAB',
  'SCR',
  'SLE',
  'SRD',
  'STN',
  'SVC',
  'TND',
  'ZAR',
]);
