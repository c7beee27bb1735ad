import type { FloorTournament } from '../../../domain/floor/aggregate';
import type { Patch } from '../../store/state-patch';
import type { PlayerRegistrationRow as StoredRow } from '../../store/entities/tournament';

/** A player's standing in one tournament, as the by-player index holds it (my registrations, R-REG-1). */
export type PlayerRegistrationRow = Omit<StoredRow, 'clubId' | 'tournamentId' | 'pv'>;

/** Where an entry sits, as players read it: the table's number and the seat from 1. */
function seatOf(state: FloorTournament | undefined, entryId: string | undefined): { tableNumber: number; seatNumber: number } | undefined {
  if (!state?.seating || !entryId) return undefined;
  const at = state.seating.seatOf[entryId];
  const table = at ? state.seating.tables[at.tableId] : undefined;
  return at && table ? { tableNumber: table.number, seatNumber: at.seat + 1 } : undefined;
}

const sameSeat = (a: ReturnType<typeof seatOf>, b: ReturnType<typeof seatOf>) =>
  a?.tableNumber === b?.tableNumber && a?.seatNumber === b?.seatNumber;

/** Players whose registration or entry records a patch touched (the only rows that can have changed). */
export function touchedPlayers(before: FloorTournament | undefined, after: FloorTournament, patch: Patch): Set<string> {
  const players = new Set<string>();
  let seatsCompared = false;
  for (const [, path] of patch) {
    if (path.length === 0) {
      for (const r of Object.values(after.registrations)) players.add(r.playerId);
      continue;
    }
    const [map, id] = path;
    if (map === 'seating') {
      if (seatsCompared) continue;
      seatsCompared = true;
      // A draw, a move or a table break: the players whose seat is not what it was.
      for (const e of Object.values(after.entries)) if (!sameSeat(seatOf(before, e.id), seatOf(after, e.id))) players.add(e.playerId);
      for (const e of Object.values(before?.entries ?? {})) if (!after.entries[e.id]) players.add(e.playerId);
      continue;
    }
    if (map !== 'registrations' && map !== 'entries') continue;
    if (id === undefined) {
      // The whole map was replaced: every player in it, before and after.
      for (const s of [before, after]) for (const r of Object.values(s?.[map] ?? {})) players.add(r.playerId);
      continue;
    }
    for (const s of [before, after]) {
      const rec = s?.[map][id];
      if (rec) players.add(rec.playerId);
    }
  }
  return players;
}

/** The index rows of the given players, from the aggregate. */
export function playerRows(state: FloorTournament, players: ReadonlySet<string>): PlayerRegistrationRow[] {
  if (players.size === 0) return [];
  const byPlayer = new Map<string, PlayerRegistrationRow>();
  const regs = Object.values(state.registrations)
    .filter((r) => players.has(r.playerId))
    .sort((a, b) => a.seq - b.seq);
  for (const r of regs) {
    const current = byPlayer.get(r.playerId);
    // A player's live registration wins over an older cancelled one.
    if (current && r.status === 'cancelled' && current.registrationStatus !== 'cancelled') continue;
    const entry = r.entryId ? state.entries[r.entryId] : undefined;
    const seat = r.status === 'cancelled' || entry?.status === 'busted' ? undefined : seatOf(state, r.entryId);
    byPlayer.set(r.playerId, {
      ...seat,
      playerId: r.playerId,
      registrationId: r.id,
      registrationStatus: r.status,
      ...(r.entryId ? { entryId: r.entryId } : {}),
      eliminated: entry?.status === 'busted',
      registeredAt: new Date(r.registeredAt).toISOString(),
    });
  }
  return [...byPlayer.values()];
}

const ROW_FIELDS = [
  'registrationId',
  'registrationStatus',
  'entryId',
  'eliminated',
  'registeredAt',
  'tableNumber',
  'seatNumber',
] as const satisfies readonly (keyof PlayerRegistrationRow)[];

const sameRow = (a: PlayerRegistrationRow, b: PlayerRegistrationRow) => ROW_FIELDS.every((f) => a[f] === b[f]);

/**
 * The rows of the given players that differ from what the state before the event projected: a knockout
 * touches the killer's entry too, a rebuy the player's, and their rows read the same. Each write is a
 * write unit or two saved; without `before` (not known) every row is written.
 */
export function changedPlayerRows(
  before: FloorTournament | undefined,
  after: FloorTournament,
  players: ReadonlySet<string>,
): PlayerRegistrationRow[] {
  const rows = playerRows(after, players);
  if (!before || rows.length === 0) return rows;
  const was = new Map(playerRows(before, players).map((r) => [r.playerId, r]));
  return rows.filter((r) => {
    const w = was.get(r.playerId);
    return !w || !sameRow(w, r);
  });
}
