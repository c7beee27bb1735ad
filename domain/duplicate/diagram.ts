import type { Card } from '../holdem/cards';

import type { Replay } from '../holdem/record';
import { dealingSheet } from './decks';
import type { DupRound } from './event';

/**
 * R-DUP-7: the diagram of one played hand. For each seat group (seat number): the cards that seat held at
 * every table, and each table's line of actions and result; the board is the same everywhere.
 */
export interface DiagramMove {
  street: string;
  /** `small-blind`, `big-blind`, `ante` for postings; otherwise what the seat did (fold, check, call, bet, raise). */
  action: string;
  amount: number;
  to?: number;
  allIn?: boolean;
}

export interface HandDiagram {
  round: number;
  hand: number;
  button: number;
  board: string[];
  seatGroups: {
    seat: number;
    cards: [string, string];
    tables: {
      table: number;
      playerId: string | null;
      name: string | null;
      recorded: boolean;
      moves: DiagramMove[];
      /** Chips won (+) or lost (-) in the hand; null while the table has not recorded it. */
      net: number | null;
    }[];
  }[];
}

export function handDiagram(p: {
  round: DupRound;
  hand: number;
  deck: readonly Card[];
  names: Readonly<Record<string, string>>;
  /** The table's replay of this hand, when recorded. */
  replays: ReadonlyMap<number, Replay>;
}): HandDiagram {
  const sheet = dealingSheet(p.deck, p.hand, p.round.tableSize);
  const seatGroups = sheet.holes.map((h) => ({
    seat: h.seat,
    cards: h.cards,
    tables: p.round.tables.map((t) => {
      const playerId = t.seats[h.seat - 1] ?? null;
      const r = p.replays.get(t.table);
      const moves: DiagramMove[] = [];
      if (r) {
        for (const post of r.state.postings)
          if (post.seat === h.seat) moves.push({ street: 'preflop', action: post.kind, amount: post.amount });
        for (const e of r.state.log) {
          if (e.action.seat !== h.seat) continue;
          moves.push({
            street: e.street,
            action: e.done,
            amount: e.added,
            ...(e.done === 'bet' || e.done === 'raise' ? { to: e.to } : {}),
            ...(e.allIn ? { allIn: true } : {}),
          });
        }
      }
      const stack = r?.result?.stacks.find((s) => s.seat === h.seat);
      return {
        table: t.table,
        playerId,
        name: playerId === null ? null : (p.names[playerId] ?? playerId),
        recorded: !!r,
        moves,
        net: stack ? stack.net : null,
      };
    }),
  }));
  return { round: p.round.round, hand: p.hand, button: sheet.button, board: sheet.board, seatGroups };
}
