import { recordAt, recordValues } from '../../../domain/core/record-map';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { requireSeating } from '../../../domain/floor/seating';
import { entities } from '../../store/entities';
import { keyOf, recordOf } from '../../store/entities/items';
import { readManyItems } from '../../store/read-items';
import { prefetchKeyOf } from '../../runtime/prefetch';
import { clubBadgeOf, freshClubBadge, type ClubBadge } from '../club-badge';
import { clubItemKey } from '../clubs';
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

/**
 * The seated players by table and seat, with their names, and the club's badge (name, logo): the
 * container's copy, `badge` when the caller has it, else read with the names in the same BatchGetItem,
 * so the board is the tournament's round trip and one more (a hundred players to a request, in
 * parallel). No seating yet, no one.
 */
export async function seatingBoard(
  state: FloorTournament,
  opts: { publicView: boolean; now: number; badge?: ClubBadge },
): Promise<{ board: SeatingBoardView; club: ClubBadge }> {
  const tables = recordValues(state.seating?.tables)
    .filter((t) => t.status === 'active')
    .sort((a, b) => a.number - b.number);
  const seats = tables.flatMap((t) =>
    t.seats.flatMap((entryId, i) => {
      const playerId = entryId ? recordAt(state.entries, entryId)?.playerId : undefined;
      return playerId ? [{ playerId, tableNumber: t.number, seat: i + 1 }] : [];
    }),
  );
  const players = entities().player;
  const ids = [...new Set(seats.map((s) => s.playerId))];
  const badge = opts.badge ?? freshClubBadge(state.clubId, opts.now);
  const clubKey = clubItemKey(state.clubId);
  const keys = [...(badge ? [] : [clubKey]), ...ids.map((userId) => keyOf(players.get({ userId })))];
  const items = keys.length > 0 ? await readManyItems(keys, { attributes: BOARD_ATTRIBUTES }) : new Map<string, Record<string, unknown>>();
  const names = new Map<string, string>();
  for (const item of items.values()) {
    const p = recordOf(players, item);
    if (p && !(opts.publicView && p.displayNameHiddenReason !== undefined)) names.set(p.userId, p.displayName);
  }
  const club =
    badge ?? (await clubBadgeOf(state.clubId, opts.now, new Map([[prefetchKeyOf(clubKey), items.get(prefetchKeyOf(clubKey)) ?? null]])));
  return {
    board: {
      tables: tables.length,
      players: seats.map((s) => ({ name: names.get(s.playerId) ?? null, tableNumber: s.tableNumber, seat: s.seat })),
    },
    club,
  };
}

/** What the board reads of a player's profile and of the club. */
const BOARD_ATTRIBUTES = ['userId', 'displayName', 'displayNameHiddenReason', 'name', 'logo'];

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
  const { board, club } = await seatingBoard(state, { publicView: false, now });
  return {
    ...board,
    clubName: club.name,
    name: state.settings.name,
    startAt: state.settings.startAt,
    seatsPerTable: seating.seatsPerTable,
  };
}
