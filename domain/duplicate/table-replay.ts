import { ruleError } from '../core/errors';
import type { Card } from '../holdem/cards';
import { deckToStrings } from '../holdem/deck';
import type { ActionType } from '../holdem/hand';
import { replay, type HandRecordV1, type Replay } from '../holdem/record';
import { buttonSeat } from './decks';
import type { DupTable } from './seating';
import type { DuplicateSettings, RoundSettings } from './settings';

/**
 * The hands of one table replayed with the Hold'em engine on the round's known decks (R-DUP-2, R-DUP-7): the
 * dealers record only the actions; seats, stacks, button, blinds and cards come from the round. Every seat is
 * dealt and the empty ones post their forced bets from a starting stack of their own (R-DUP-5).
 */
export interface RecordedAction {
  seat: number;
  action: ActionType;
  to?: number;
}

export interface TableReplay {
  /** Replays of hands 1.. in order, up to the first hand not recorded. */
  hands: { hand: number; record: HandRecordV1; replay: Replay }[];
  /** Chips at each seat (index = seat - 1) after the last replayed hand. */
  stacks: number[];
  /** Every hand of the round is recorded and complete. */
  complete: boolean;
}

export function tableHandRecord(p: {
  settings: Pick<DuplicateSettings, 'betting' | 'startingStack'>;
  round: RoundSettings;
  table: DupTable;
  hand: number;
  deck: readonly Card[];
  stacks: readonly number[];
  names?: Readonly<Record<string, string>>;
  actions: readonly RecordedAction[];
}): HandRecordV1 {
  const seats = p.table.seats.map((playerId, i) => {
    const stack = p.stacks[i] as number;
    if (playerId === null) return { seat: i + 1, stack, empty: true };
    if (stack <= 0) {
      throw ruleError(
        'SEAT_BUSTED',
        `table ${p.table.table}, hand ${p.hand}: seat ${i + 1} has no chips left; enter the table's counts instead of its hands`,
        [{ field: 'actions', message: `seat ${i + 1} has no chips` }],
      );
    }
    return { seat: i + 1, stack, name: p.names?.[playerId] ?? playerId };
  });
  return {
    v: 1,
    id: `t${p.table.table}-h${p.hand}`,
    betting: p.settings.betting,
    blinds: { smallBlind: p.round.smallBlind, bigBlind: p.round.bigBlind, ante: p.round.ante, anteType: p.round.anteType },
    button: buttonSeat(p.hand, p.table.seats.length),
    seats,
    options: { postForEmptySeats: true, dealToEmptySeats: true },
    cards: { deck: deckToStrings(p.deck) },
    actions: p.actions.map((a) => ({ seat: a.seat, action: a.action, ...(a.to !== undefined ? { to: a.to } : {}) })),
  };
}

/** Replays hands 1.. of a table in order; `recorded` maps a hand number to its actions. */
export function replayTable(p: {
  settings: Pick<DuplicateSettings, 'betting' | 'startingStack'>;
  round: RoundSettings;
  table: DupTable;
  decks: readonly (readonly Card[])[];
  recorded: ReadonlyMap<number, readonly RecordedAction[]>;
  names?: Readonly<Record<string, string>>;
}): TableReplay {
  let stacks = p.table.seats.map(() => p.settings.startingStack);
  const hands: TableReplay['hands'] = [];
  for (let hand = 1; hand <= p.round.hands; hand++) {
    const actions = p.recorded.get(hand);
    if (!actions) break;
    const record = tableHandRecord({ ...p, hand, deck: p.decks[hand - 1] as Card[], stacks, actions });
    const r = replay(record);
    hands.push({ hand, record, replay: r });
    if (!r.state.complete) break;
    const bySeat = new Map(r.state.seats.map((s) => [s.seat, s.stack]));
    stacks = stacks.map((s, i) => bySeat.get(i + 1) ?? s);
  }
  const last = hands.at(-1);
  return { hands, stacks, complete: hands.length === p.round.hands && !!last?.replay.state.complete };
}
