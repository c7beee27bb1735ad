import { recordValues } from '../../../domain/core/record-map';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { requireSeating } from '../../../domain/floor/seating';
import { entities } from '../../store/entities';
import { batchGet } from '../../store/entities/items';
import { clubBadgeOf } from '../club-badge';
import { tournamentState } from './queries';

/*
 * Who sits where, with the players' display names: the seating board in the room (public while the
 * tournament runs) and the printed seat cards and table lists (staff). A name the operator hid is not
 * shown to the public (R-MOD-1); an erased player's profile already carries the erased name (R-PD-1).
 */

export interface SeatedPlayer {
  /** Null where the viewer may not see the name (or the profile is missing). */
  name: string | null;
  tableNumber: number;
  /** From 1, as players count seats. */
  seat: number;
}

export interface SeatingBoardView {
  tables: number;
  players: SeatedPlayer[];
}

/** The seated players by table and seat, with their names; no seating yet, no one. */
export async function seatingBoard(state: FloorTournament, opts: { publicView: boolean }): Promise<SeatingBoardView> {
  const tables = recordValues(state.seating?.tables)
    .filter((t) => t.status === 'active')
    .sort((a, b) => a.number - b.number);
  const seats = tables.flatMap((t) =>
    t.seats.flatMap((entryId, i) => {
      const playerId = entryId ? state.entries[entryId]?.playerId : undefined;
      return playerId ? [{ playerId, tableNumber: t.number, seat: i + 1 }] : [];
    }),
  );
  const ids = [...new Set(seats.map((s) => s.playerId))];
  const profiles =
    ids.length > 0
      ? await batchGet(
          ids.map((userId) => ({ userId })),
          (keys) =>
            entities()
              .player.get(keys)
              .go({ attributes: ['userId', 'displayName', 'displayNameHiddenReason'], unprocessed: 'item' }),
        )
      : [];
  const names = new Map<string, string>();
  for (const p of profiles) if (!(opts.publicView && p.displayNameHiddenReason !== undefined)) names.set(p.userId, p.displayName);
  return {
    tables: tables.length,
    players: seats.map((s) => ({ name: names.get(s.playerId) ?? null, tableNumber: s.tableNumber, seat: s.seat })),
  };
}

export interface PrintableSeating extends SeatingBoardView {
  clubName: string | null;
  name: string;
  startAt: number;
  seatsPerTable: number;
}

/** The drawn seating for staff to print, names as staff see them; before the draw, 409 SEATING_NOT_DRAWN. */
export async function printableSeating(clubId: string, tournamentId: string, now: number): Promise<PrintableSeating> {
  const state = await tournamentState(clubId, tournamentId);
  const seating = requireSeating(state);
  const [board, club] = await Promise.all([seatingBoard(state, { publicView: false }), clubBadgeOf(clubId, now)]);
  return {
    ...board,
    clubName: club.name,
    name: state.settings.name,
    startAt: state.settings.startAt,
    seatsPerTable: seating.seatsPerTable,
  };
}
