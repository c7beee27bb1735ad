import { blindsIssues, type AnteType } from '../clock/structure';
import { DomainError, ruleError, type FieldIssue } from '../core/errors';
import { cardToString, type Card } from './cards';
import { bestFive, categoryOf, describeClass, rankCards, type Category } from './evaluator';
import { buildPots, splitPot, type Pot } from './pots';

/**
 * One hand of Texas Hold'em as a state machine (R-HE-3..9): seats post, cards are dealt, seats act in turn
 * and the hand moves street by street to a showdown or to the last seat standing. Chips are whole numbers and
 * never appear or vanish: stacks plus what the seats put in always equal the starting stacks.
 */

/** `pot-limit-preflop`: pot limit before the flop, no limit after (a Duplicate Poker option). */
export type Betting = 'no-limit' | 'pot-limit' | 'pot-limit-preflop';
export const BETTINGS: readonly Betting[] = ['no-limit', 'pot-limit', 'pot-limit-preflop'];

export type Street = 'preflop' | 'flop' | 'turn' | 'river' | 'showdown';
export const STREETS: readonly Street[] = ['preflop', 'flop', 'turn', 'river'];

export type ActionType = 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'allin' | 'timeout';
export const ACTION_TYPES: readonly ActionType[] = ['fold', 'check', 'call', 'bet', 'raise', 'allin', 'timeout'];

/** A seat's move. `to` (bet, raise) is the seat's total for the street after the move, not the increment. */
export interface Action {
  seat: number;
  type: ActionType;
  to?: number;
}

export interface SeatSetup {
  seat: number;
  name?: string;
  stack: number;
  /** A seat nobody sits in (R-DUP-5: posts its forced bets when the format asks, then folds). */
  empty?: boolean;
}

export interface HandSetup {
  seats: SeatSetup[];
  /** Seat number of the button. */
  button: number;
  smallBlind: number;
  bigBlind: number;
  ante: number;
  /** R-HE-4: none, classic (each seat), bb (the big blind pays `ante` once, for the table). */
  anteType: AnteType;
  betting: Betting;
  /** R-DUP-5: empty seats post blinds and antes (dead money) and are folded before the first action. */
  postForEmptySeats?: boolean;
  /** R-DUP-2: cards go to empty seats too, so that a pre-arranged deck gives every table the same hands. */
  dealToEmptySeats?: boolean;
}

/** Where the cards come from: a deck (top card first) or the cards seen (a live table). */
export type CardSource = { kind: 'deck'; deck: Card[] } | { kind: 'shown'; holes: Map<number, Card[]>; board: Card[] };

export interface SeatState {
  seat: number;
  name: string;
  empty: boolean;
  /** Plays this hand: posts, acts, is counted for the button and the blinds. */
  inHand: boolean;
  startStack: number;
  stack: number;
  /** Chips put in on this street (blinds included, antes not). */
  committed: number;
  /** Chips put in during the hand (antes and blinds included). */
  total: number;
  /** Part of `total` that is dead money, no bet of this seat: the BB ante (R-HE-4). */
  dead: number;
  folded: boolean;
  allIn: boolean;
  cards: Card[];
  /** The street's bet when this seat last acted on it; null if it has not acted on this street. */
  actedAt: number | null;
}

export interface Legal {
  seat: number;
  /** Chips a call adds (less than the bet when the stack is short). */
  toCall: number;
  actions: ActionType[];
  /** For bet or raise: the smallest and largest street total; an all-in below `minTo` is `allInTo`. */
  minTo?: number;
  maxTo?: number;
  allInTo?: number;
}

export interface Posting {
  seat: number;
  kind: 'ante' | 'small-blind' | 'big-blind';
  amount: number;
}

export interface LogEntry {
  street: Street;
  action: Action;
  /** What was done: a timeout becomes a check or a fold (R-HE-9), an all-in a call, bet or raise. */
  done: Exclude<ActionType, 'timeout' | 'allin'>;
  /** Chips added by this move. */
  added: number;
  /** Street total after the move. */
  to: number;
  allIn: boolean;
}

export interface ShownHand {
  seat: number;
  cards: Card[];
  handClass: number;
  category: Category;
  description: string;
  best: Card[];
}

export interface PotResult extends Pot {
  /** 0 = main pot, 1.. = side pots in order. */
  index: number;
  winners: { seat: number; amount: number }[];
}

export interface HandResult {
  pots: PotResult[];
  shown: ShownHand[];
  stacks: { seat: number; start: number; end: number; net: number }[];
  board: Card[];
}

export interface HandState {
  setup: HandSetup;
  seats: SeatState[];
  /** Index in `seats` of the button, the small and the big blind. */
  buttonIndex: number;
  sbIndex: number;
  bbIndex: number;
  headsUp: boolean;
  street: Street;
  board: Card[];
  postings: Posting[];
  /** The street's bet to match. */
  currentBet: number;
  /** R-HE-5: the last full bet or raise increment of the street; the next raise must add at least this. */
  lastIncrement: number;
  /** Index in `seats` of the seat to act, or null when nobody acts (dealing, hand over). */
  toAct: number | null;
  log: LogEntry[];
  complete: boolean;
  result: HandResult | null;
  /** Streets reached, with the board cards each showed. */
  streets: { street: Street; cards: Card[] }[];
  cards: CardSource;
}

/** An action refused by the rules: which seat, what it tried, what it could do. */
export class IllegalActionError extends DomainError {
  constructor(
    message: string,
    readonly legal: Legal | null,
    /** Index of the refused action in a record. */
    readonly index?: number,
  ) {
    super(
      'ACTION_ILLEGAL',
      index === undefined ? message : `actions[${index}]: ${message}`,
      'rule',
      index === undefined ? undefined : [{ field: `actions[${index}]`, message }],
    );
  }
}

export const MIN_HAND_SEATS = 2;
export const MAX_HAND_SEATS = 10;

function setupIssues(s: HandSetup): FieldIssue[] {
  const issues: FieldIssue[] = [...blindsIssues({ smallBlind: s.smallBlind, bigBlind: s.bigBlind, ante: s.ante }, s.anteType)];
  if (!Array.isArray(s.seats) || s.seats.length < MIN_HAND_SEATS || s.seats.length > MAX_HAND_SEATS) {
    issues.push({ field: 'seats', message: `a table has ${MIN_HAND_SEATS} to ${MAX_HAND_SEATS} seats` });
    return issues;
  }
  const numbers = new Set<number>();
  s.seats.forEach((seat, i) => {
    if (!Number.isSafeInteger(seat.seat) || seat.seat < 1)
      issues.push({ field: `seats[${i}].seat`, message: 'seat number must be a whole number from 1' });
    if (numbers.has(seat.seat)) issues.push({ field: `seats[${i}].seat`, message: `seat ${seat.seat} is listed twice` });
    numbers.add(seat.seat);
    const needsChips = !seat.empty || s.postForEmptySeats;
    if (!Number.isSafeInteger(seat.stack) || seat.stack < 0 || (needsChips && seat.stack === 0)) {
      issues.push({
        field: `seats[${i}].stack`,
        message: needsChips ? 'stack must be a whole number of chips above 0' : 'stack must be a whole number, 0 or more',
      });
    }
  });
  const playing = s.seats.filter((x) => !x.empty);
  if (playing.length < 2) issues.push({ field: 'seats', message: 'a hand needs at least two players' });
  const button = s.seats.find((x) => x.seat === s.button);
  if (!button) issues.push({ field: 'button', message: `the button must be on one of the seats, not ${s.button}` });
  else if (button.empty && !s.postForEmptySeats)
    issues.push({ field: 'button', message: 'the button must be on a seat that plays the hand' });
  if (!BETTINGS.includes(s.betting)) issues.push({ field: 'betting', message: `betting must be one of ${BETTINGS.join(', ')}` });
  return issues;
}

const nextIndex = (st: HandState, from: number, pred: (s: SeatState) => boolean): number => {
  const n = st.seats.length;
  for (let k = 1; k <= n; k++) {
    const i = (from + k) % n;
    if (pred(st.seats[i] as SeatState)) return i;
  }
  return -1;
};

const seatAt = (st: HandState, i: number): SeatState => st.seats[i] as SeatState;
const canAct = (s: SeatState): boolean => s.inHand && !s.folded && !s.allIn;
const live = (s: SeatState): boolean => s.inHand && !s.folded;

function put(s: SeatState, amount: number, street: boolean): number {
  const a = Math.min(amount, s.stack);
  s.stack -= a;
  s.total += a;
  if (street) s.committed += a;
  if (s.stack === 0) s.allIn = true;
  return a;
}

/** Seats in dealing order: clockwise from the first seat left of the button. */
export function clockwiseFromButton(st: HandState): SeatState[] {
  const n = st.seats.length;
  return Array.from({ length: n }, (_, k) => seatAt(st, (st.buttonIndex + 1 + k) % n));
}

/**
 * Starts a hand: validates the setup, posts antes and blinds (R-HE-3, R-HE-4), deals two cards to each seat
 * one at a time from the first seat left of the button, and gives the turn to the first seat to act.
 */
export function startHand(setup: HandSetup, cards: CardSource): HandState {
  const issues = setupIssues(setup);
  if (issues.length) throw ruleError('HAND_SETUP_INVALID', issues.map((i) => `${i.field}: ${i.message}`).join('; '), issues);
  const sorted = [...setup.seats].sort((a, b) => a.seat - b.seat);
  const seats: SeatState[] = sorted.map((s) => ({
    seat: s.seat,
    name: s.name ?? (s.empty ? `Empty seat ${s.seat}` : `Seat ${s.seat}`),
    empty: !!s.empty,
    inHand: !s.empty || !!setup.postForEmptySeats,
    startStack: s.stack,
    stack: s.stack,
    committed: 0,
    total: 0,
    dead: 0,
    folded: false,
    allIn: false,
    cards: [],
    actedAt: null,
  }));
  const buttonIndex = seats.findIndex((s) => s.seat === setup.button);
  const st: HandState = {
    setup,
    seats,
    buttonIndex,
    sbIndex: -1,
    bbIndex: -1,
    headsUp: false,
    street: 'preflop',
    board: [],
    postings: [],
    currentBet: 0,
    lastIncrement: setup.bigBlind,
    toAct: null,
    log: [],
    complete: false,
    result: null,
    streets: [{ street: 'preflop', cards: [] }],
    cards,
  };
  const playing = seats.filter((s) => s.inHand).length;
  // R-HE-3: heads-up, the button is the small blind.
  st.headsUp = playing === 2;
  st.sbIndex = st.headsUp ? buttonIndex : nextIndex(st, buttonIndex, (s) => s.inHand);
  st.bbIndex = nextIndex(st, st.sbIndex, (s) => s.inHand);

  const post = (s: SeatState, kind: Posting['kind'], amount: number) => {
    if (amount <= 0) return;
    const a = put(s, amount, kind !== 'ante');
    if (a > 0) st.postings.push({ seat: s.seat, kind, amount: a });
  };
  const sb = seatAt(st, st.sbIndex);
  const bb = seatAt(st, st.bbIndex);
  // R-HE-4: a classic ante comes before the blinds; a BB ante after the big blind (the blind has priority
  // when the stack is short).
  if (setup.anteType === 'classic') for (const s of clockwiseFromButton(st)) if (s.inHand) post(s, 'ante', setup.ante);
  post(sb, 'small-blind', setup.smallBlind);
  post(bb, 'big-blind', setup.bigBlind);
  if (setup.anteType === 'bb') {
    // The BB ante is the table's ante paid by one seat: dead money in the main pot, not part of the big blind's bet.
    const before = bb.total;
    post(bb, 'ante', setup.ante);
    bb.dead += bb.total - before;
  }
  st.currentBet = setup.bigBlind;

  deal(st);
  for (const s of seats) if (s.empty && s.inHand) s.folded = true;

  // Preflop the first to act is left of the big blind (heads-up: the button, who is the small blind).
  beginRound(st, st.bbIndex);
  return st;
}

function need(st: HandState, at: number): Card {
  if (st.cards.kind !== 'deck') throw new Error('unreachable');
  const c = st.cards.deck[at];
  if (c === undefined) throw ruleError('DECK_SHORT', `the deck has ${st.cards.deck.length} cards; this hand needs card ${at + 1}`);
  return c;
}

const dealtSeats = (st: HandState): SeatState[] =>
  clockwiseFromButton(st).filter((s) => (s.empty ? s.inHand || !!st.setup.dealToEmptySeats : true));

function deal(st: HandState): void {
  if (st.cards.kind === 'shown') {
    for (const s of st.seats) s.cards = st.cards.holes.get(s.seat) ?? [];
    return;
  }
  const order = dealtSeats(st);
  order.forEach((s, i) => {
    s.cards = [need(st, i), need(st, order.length + i)];
  });
}

/** Board cards of a street: burn one, then three on the flop, one on the turn and one on the river. */
function boardFor(st: HandState, street: Street): Card[] {
  if (st.cards.kind === 'shown') {
    const b = st.cards.board;
    const slice = street === 'flop' ? b.slice(0, 3) : street === 'turn' ? b.slice(3, 4) : b.slice(4, 5);
    const want = street === 'flop' ? 3 : 1;
    if (slice.length !== want)
      throw ruleError(
        'BOARD_SHORT',
        `the board has ${b.length} cards; the ${street} needs ${street === 'flop' ? 3 : street === 'turn' ? 4 : 5}`,
      );
    return slice;
  }
  const base = dealtSeats(st).length * 2;
  if (street === 'flop') return [need(st, base + 1), need(st, base + 2), need(st, base + 3)];
  if (street === 'turn') return [need(st, base + 5)];
  return [need(st, base + 7)];
}

/** Opens betting on the current street, first to act being the first seat that can act after `after`. */
function beginRound(st: HandState, after: number): void {
  const actors = st.seats.filter(canAct);
  const liveSeats = st.seats.filter(live);
  if (liveSeats.length <= 1) return finish(st);
  const maxLive = Math.max(...liveSeats.map((s) => s.committed));
  // Betting needs two seats that can act, or one that still has to match a bet.
  if (actors.length === 0 || (actors.length === 1 && (actors[0] as SeatState).committed >= maxLive)) return nextStreet(st);
  const first = nextIndex(st, after, canAct);
  st.toAct = first;
  const preflopHeadsUp = st.street === 'preflop' && st.headsUp;
  if (preflopHeadsUp) st.toAct = canAct(seatAt(st, st.sbIndex)) ? st.sbIndex : nextIndex(st, st.sbIndex, canAct);
}

function nextStreet(st: HandState): void {
  st.toAct = null;
  for (const s of st.seats) {
    s.committed = 0;
    s.actedAt = null;
  }
  st.currentBet = 0;
  st.lastIncrement = st.setup.bigBlind;
  const order: Street[] = ['preflop', 'flop', 'turn', 'river', 'showdown'];
  const next = order[order.indexOf(st.street) + 1] as Street;
  st.street = next;
  if (next === 'showdown') return finish(st);
  const cards = boardFor(st, next);
  st.board.push(...cards);
  st.streets.push({ street: next, cards });
  // After the flop the first seat left of the button acts first (heads-up: the big blind).
  beginRound(st, st.buttonIndex);
}

const limitOf = (st: HandState): 'no-limit' | 'pot-limit' =>
  st.setup.betting === 'pot-limit' || (st.setup.betting === 'pot-limit-preflop' && st.street === 'preflop') ? 'pot-limit' : 'no-limit';

/** Chips in the middle: everything put in during the hand. */
export const potTotal = (st: HandState): number => st.seats.reduce((a, s) => a + s.total, 0);

/** What the seat to act may do (R-HE-5, R-HE-6); null when nobody is to act. */
export function legalActions(st: HandState): Legal | null {
  if (st.toAct === null || st.complete) return null;
  const s = seatAt(st, st.toAct);
  const owed = Math.max(0, st.currentBet - s.committed);
  const toCall = Math.min(owed, s.stack);
  const actions: ActionType[] = ['fold'];
  if (owed === 0) actions.push('check');
  else actions.push('call');
  const legal: Legal = { seat: s.seat, toCall, actions };
  const allInTo = s.committed + s.stack;
  const othersCanAct = st.seats.some((o) => o !== s && canAct(o));
  // R-HE-6: a seat that acted may raise again only when it faces at least a full raise since.
  const reopened = s.actedAt === null || st.currentBet - s.actedAt >= st.lastIncrement;
  if (s.stack > owed && othersCanAct && reopened) {
    const minTo = st.currentBet === 0 ? st.setup.bigBlind : st.currentBet + st.lastIncrement;
    let maxTo = allInTo;
    if (limitOf(st) === 'pot-limit') maxTo = Math.min(maxTo, st.currentBet + potTotal(st) + owed);
    actions.push(st.currentBet === 0 ? 'bet' : 'raise');
    legal.minTo = Math.min(minTo, maxTo);
    legal.maxTo = maxTo;
    if (allInTo <= maxTo) {
      actions.push('allin');
      legal.allInTo = allInTo;
    }
  } else if (s.stack <= owed) {
    actions.push('allin');
    legal.allInTo = allInTo;
  }
  return legal;
}

function describeLegal(l: Legal): string {
  return l.actions
    .map((a) => {
      if (a === 'call') return `call ${l.toCall}`;
      if (a === 'bet' || a === 'raise') return l.minTo === l.maxTo ? `${a} to ${l.minTo}` : `${a} to ${l.minTo}..${l.maxTo}`;
      if (a === 'allin') return `all-in to ${l.allInTo}`;
      return a;
    })
    .join(', ');
}

const refuse = (l: Legal | null, why: string): IllegalActionError =>
  new IllegalActionError(l ? `${why}; legal: ${describeLegal(l)}` : why, l);

/** Applies one action of the seat to act; throws IllegalActionError (the state is then unchanged). */
export function applyAction(st: HandState, action: Action): void {
  if (st.complete) throw refuse(null, 'the hand is over');
  const l = legalActions(st);
  if (!l || st.toAct === null) throw refuse(null, 'nobody is to act');
  const s = seatAt(st, st.toAct);
  if (action.seat !== s.seat) throw refuse(l, `seat ${action.seat} is not to act: seat ${s.seat} is`);
  if (!ACTION_TYPES.includes(action.type)) throw refuse(l, `"${String(action.type)}" is not an action`);
  const owed = Math.max(0, st.currentBet - s.committed);
  let type = action.type;
  // R-HE-9: a timeout (or a disconnect) checks when there is nothing to call, else folds.
  if (type === 'timeout') type = owed === 0 ? 'check' : 'fold';
  let to: number;
  if (type === 'allin') {
    if (!l.actions.includes('allin')) throw refuse(l, `seat ${s.seat} cannot go all-in here`);
    to = s.committed + s.stack;
    type = to <= st.currentBet ? 'call' : st.currentBet === 0 ? 'bet' : 'raise';
  } else {
    to = action.to ?? 0;
  }
  const entry = (done: LogEntry['done'], added: number): LogEntry => ({
    street: st.street,
    action,
    done,
    added,
    to: s.committed,
    allIn: s.allIn,
  });

  switch (type) {
    case 'fold':
      s.folded = true;
      st.log.push(entry('fold', 0));
      break;
    case 'check':
      if (owed > 0) throw refuse(l, `seat ${s.seat} cannot check: ${owed} to call`);
      s.actedAt = st.currentBet;
      st.log.push(entry('check', 0));
      break;
    case 'call': {
      if (owed === 0) throw refuse(l, `seat ${s.seat} has nothing to call`);
      const added = put(s, owed, true);
      s.actedAt = st.currentBet;
      st.log.push(entry('call', added));
      break;
    }
    case 'bet':
    case 'raise': {
      const kind = st.currentBet === 0 ? 'bet' : 'raise';
      if (!l.actions.includes(kind)) throw refuse(l, `seat ${s.seat} cannot ${type} here`);
      if (type !== kind)
        throw refuse(
          l,
          `seat ${s.seat} cannot ${type}: ${kind === 'bet' ? 'nobody has bet on this street' : `there is a bet of ${st.currentBet}`}`,
        );
      if (!Number.isSafeInteger(to)) throw refuse(l, `seat ${s.seat}: a ${type} needs a whole "to" amount`);
      const min = l.minTo as number;
      const max = l.maxTo as number;
      const allInShort = to === l.allInTo && to > st.currentBet;
      if ((to < min && !allInShort) || to > max) throw refuse(l, `seat ${s.seat} cannot ${type} to ${to}`);
      const increment = to - st.currentBet;
      const added = put(s, to - s.committed, true);
      // R-HE-5: a full raise sets the new minimum increment; R-HE-6: a short all-in does not.
      if (increment >= st.lastIncrement) st.lastIncrement = increment;
      st.currentBet = to;
      s.actedAt = to;
      st.log.push(entry(kind, added));
      break;
    }
    default:
      throw refuse(l, `"${type}" is not an action`);
  }
  advance(st, st.toAct);
}

function advance(st: HandState, from: number): void {
  const liveSeats = st.seats.filter(live);
  if (liveSeats.length <= 1) return finish(st);
  const pending = (s: SeatState) => canAct(s) && (s.actedAt === null || s.committed < st.currentBet);
  const actors = st.seats.filter(canAct);
  const maxLive = Math.max(...liveSeats.map((s) => s.committed));
  const lone = actors.length === 1 && (actors[0] as SeatState).committed >= maxLive;
  const next = nextIndex(st, from, pending);
  if (next === -1 || actors.length === 0 || lone) return nextStreet(st);
  st.toAct = next;
}

function finish(st: HandState): void {
  st.toAct = null;
  st.complete = true;
  const order = clockwiseFromButton(st);
  const liveSeats = order.filter(live);
  const showdown = liveSeats.length > 1;
  const shown = new Map<number, ShownHand>();
  if (showdown) {
    // Run out the board when all-ins ended the betting early.
    while (st.board.length < 5) {
      const next: Street = st.board.length === 0 ? 'flop' : st.board.length === 3 ? 'turn' : 'river';
      const cards = boardFor(st, next);
      st.board.push(...cards);
      st.streets.push({ street: next, cards });
    }
    st.street = 'showdown';
    for (const s of liveSeats) {
      if (s.cards.length !== 2) throw ruleError('CARDS_MISSING', `seat ${s.seat} reaches the showdown without two known hole cards`);
      const seven = [...s.cards, ...st.board];
      const handClass = rankCards(seven);
      shown.set(s.seat, {
        seat: s.seat,
        cards: s.cards,
        handClass,
        category: categoryOf(handClass),
        description: describeClass(handClass),
        best: bestFive(seven),
      });
    }
  }
  const pots = buildPots(order.map((s) => ({ seat: s.seat, total: s.total, dead: s.dead, folded: !live(s) })));
  const results: PotResult[] = pots.map((p, index) => {
    let winners = p.eligible;
    if (p.eligible.length > 1) {
      const best = Math.max(...p.eligible.map((seat) => (shown.get(seat) as ShownHand).handClass));
      winners = p.eligible.filter((seat) => (shown.get(seat) as ShownHand).handClass === best);
    }
    return { ...p, index, winners: splitPot(p.amount, winners) };
  });
  for (const p of results) for (const w of p.winners) (st.seats.find((s) => s.seat === w.seat) as SeatState).stack += w.amount;
  st.result = {
    pots: results,
    shown: [...shown.values()],
    stacks: st.seats.map((s) => ({ seat: s.seat, start: s.startStack, end: s.stack, net: s.stack - s.startStack })),
    board: [...st.board],
  };
}

/** Chips on the table: stacks plus what is in the middle (constant through a hand). */
export const chipsInPlay = (st: HandState): number => st.seats.reduce((a, s) => a + s.stack + (st.complete ? 0 : s.total), 0);

export const handCards = (st: HandState): { seat: number; cards: string[] }[] =>
  st.seats.filter((s) => s.cards.length > 0).map((s) => ({ seat: s.seat, cards: s.cards.map(cardToString) }));

/** The pots as they stand (a hand in progress): no winners yet. */
export const potsNow = (st: HandState): PotResult[] =>
  st.result?.pots ??
  buildPots(clockwiseFromButton(st).map((s) => ({ seat: s.seat, total: s.total, dead: s.dead, folded: !live(s) }))).map((p, index) => ({
    ...p,
    index,
    winners: [],
  }));
