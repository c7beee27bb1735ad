import { changedRecordIds, recordAt, recordValues } from '../../../domain/core/record-map';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { currentFieldViews, registrationIdsOf } from '../../../domain/floor/field-views';
import type { Patch } from '../../store/state-patch';
import type { PlayerRegistrationRow as StoredRow } from '../../store/entities/tournament';

/** A player's standing in one tournament, as the by-player index holds it (my registrations, R-REG-1). */
export type PlayerRegistrationRow = Omit<StoredRow, 'clubId' | 'tournamentId' | 'pv'>;

/** Where an entry sits, as players read it: the table's number and the seat from 1. */
function seatOf(state: FloorTournament | undefined, entryId: string | undefined): { tableNumber: number; seatNumber: number } | undefined {
  if (!state?.seating || !entryId) return undefined;
  const at = recordAt(state.seating.seatOf, entryId);
  const table = at ? recordAt(state.seating.tables, at.tableId) : undefined;
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
      for (const r of recordValues(after.registrations)) players.add(r.playerId);
      continue;
    }
    const [map, id] = path;
    if (map === 'seating') {
      if (seatsCompared) continue;
      seatsCompared = true;
      // A draw, a move or a table break: the players whose seat is not what it was.
      for (const entryId of seatsChanged(before, after)) {
        const e = recordAt(after.entries, entryId) ?? recordAt(before?.entries, entryId);
        if (e) players.add(e.playerId);
      }
      continue;
    }
    if (map !== 'registrations' && map !== 'entries') continue;
    if (id === undefined) {
      // The whole map was replaced: every player in it, before and after.
      for (const s of [before, after]) for (const r of Object.values(s?.[map] ?? {})) players.add(r.playerId);
      continue;
    }
    for (const s of [before, after]) {
      const rec = recordAt<{ playerId: string }>(s?.[map], id);
      if (rec) players.add(rec.playerId);
    }
  }
  return players;
}

/**
 * The entries whose seat reads differently after than before: those the seat index moved, and those at
 * a table whose number changed. Both come from the record maps' changes, not from a walk of the field.
 */
function seatsChanged(before: FloorTournament | undefined, after: FloorTournament): Set<string> {
  const a = before?.seating;
  const b = after.seating;
  const out = changedRecordIds(a?.seatOf, b?.seatOf);
  for (const tableId of changedRecordIds(a?.tables, b?.tables)) {
    const was = recordAt(a?.tables, tableId);
    const is = recordAt(b?.tables, tableId);
    if (was && is && was.number === is.number) continue;
    for (const t of [was, is]) for (const entryId of t?.seats ?? []) if (entryId !== null) out.add(entryId);
  }
  for (const entryId of out) if (sameSeat(seatOf(before, entryId), seatOf(after, entryId))) out.delete(entryId);
  return out;
}

/** The index rows of the given players, from the aggregate. */
export function playerRows(state: FloorTournament, players: ReadonlySet<string>): PlayerRegistrationRow[] {
  if (players.size === 0) return [];
  const byPlayer = new Map<string, PlayerRegistrationRow>();
  const views = currentFieldViews(state);
  const regs = [...players]
    .flatMap((p) => registrationIdsOf(views, p).flatMap((id) => recordAt(state.registrations, id) ?? []))
    .sort((a, b) => a.seq - b.seq);
  for (const r of regs) {
    const current = byPlayer.get(r.playerId);
    // A player's live registration wins over an older cancelled one.
    if (current && r.status === 'cancelled' && current.registrationStatus !== 'cancelled') continue;
    const entry = r.entryId ? recordAt(state.entries, r.entryId) : undefined;
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
