import type { HandRecordV1 } from '../../../domain/holdem/record';

type Seat = HandRecordV1['seats'][number];
type Act = HandRecordV1['actions'][number];

/** A record with explicit cards (holes by seat, board), blinds 100/200 no ante unless told. */
export function record(opts: {
  seats: Seat[];
  button: number;
  holes?: Record<number, string>;
  board?: string;
  actions?: Act[];
  blinds?: Partial<HandRecordV1['blinds']>;
  betting?: HandRecordV1['betting'];
  options?: HandRecordV1['options'];
  deck?: string;
  seed?: string;
}): HandRecordV1 {
  const cards: HandRecordV1['cards'] = opts.seed
    ? { seed: opts.seed }
    : opts.deck
      ? { deck: opts.deck.split(' ') }
      : {
          // Shared hole-card sets list more seats than a small table has: keep those at this table.
          holes: Object.fromEntries(
            Object.entries(opts.holes ?? {})
              .filter(([k]) => opts.seats.some((s) => s.seat === Number(k)))
              .map(([k, v]) => [k, v.split(' ')]),
          ),
          board: opts.board ? opts.board.split(' ') : [],
        };
  return {
    v: 1,
    betting: opts.betting ?? 'no-limit',
    blinds: { smallBlind: 100, bigBlind: 200, ante: 0, anteType: 'none', ...opts.blinds },
    button: opts.button,
    seats: opts.seats,
    ...(opts.options ? { options: opts.options } : {}),
    cards,
    actions: opts.actions ?? [],
  };
}

export const a = (seat: number, action: Act['action'], to?: number): Act => ({ seat, action, ...(to !== undefined ? { to } : {}) });

export const seats = (...stacks: number[]): Seat[] => stacks.map((stack, i) => ({ seat: i + 1, name: `P${i + 1}`, stack }));
