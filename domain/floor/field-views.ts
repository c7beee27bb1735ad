import { putRecord, recordAt, recordIds, recordMapOf, recordValues } from '../core/record-map';
import type { FloorTournament } from './aggregate';
import type { ChipLeader } from './chip-counts';

/*
 * The figures views show about the whole field (counts, chips in play, average stack, chip leader),
 * kept up to date from the records an event changed instead of recomputed over 10,000 entries per
 * command. They are derived: never logged nor snapshotted, rebuilt from scratch by `fieldViews` when a
 * state comes without them, and carried forward by `nextFieldViews` with the ids each event changed.
 * `of` holds the maps they were computed over: a reader checks it before trusting them (a decision
 * copies the views of the state it was handed, so a state between two folds has stale ones).
 */

type Maps = Pick<FloorTournament, 'registrations' | 'entries' | 'fees' | 'chipCounts'>;

export interface FieldViews {
  registrations: { registered: number; waitlisted: number; checkedIn: number };
  entries: { entries: number; activeEntries: number };
  /** R-CHIP-1: chips granted (entries not voided) and, of them, rebuys and add-ons (fees not cancelled). */
  chips: { total: number; rebuys: number; addOns: number; rebuyCount: number; addOnCount: number };
  /** Active entries with a recorded stack, and the largest of those stacks. */
  countedEntries: number;
  chipLeader: ChipLeader | null;
  /** Each player's registration ids (a player has a few at most: re-registrations after cancelling). */
  players: Readonly<Record<string, readonly string[]>>;
  of: Maps;
}

/** What changed, by map: the ids of records put or removed (`'all'`: the whole map was replaced). */
export type ChangedIds = { [K in keyof Maps]?: readonly string[] | 'all' };

type Counts = Omit<FieldViews, 'chipLeader' | 'players' | 'of'>;

const zero = (): Counts => ({
  registrations: { registered: 0, waitlisted: 0, checkedIn: 0 },
  entries: { entries: 0, activeEntries: 0 },
  chips: { total: 0, rebuys: 0, addOns: 0, rebuyCount: 0, addOnCount: 0 },
  countedEntries: 0,
});

const copyCounts = (c: Counts): Counts => ({
  registrations: { ...c.registrations },
  entries: { ...c.entries },
  chips: { ...c.chips },
  countedEntries: c.countedEntries,
});

function addRegistration(c: Counts, r: FloorTournament['registrations'][string] | undefined, sign: 1 | -1): void {
  if (!r) return;
  if (r.status === 'registered' || r.status === 'absent') c.registrations.registered += sign;
  else if (r.status === 'waitlisted') c.registrations.waitlisted += sign;
  else if (r.status === 'checked_in') c.registrations.checkedIn += sign;
}

function addEntry(c: Counts, e: FloorTournament['entries'][string] | undefined, sign: 1 | -1): void {
  if (!e || e.status === 'void') return;
  c.entries.entries += sign;
  c.chips.total += sign * e.chips;
  if (e.status === 'active') c.entries.activeEntries += sign;
}

function addFee(c: Counts, f: FloorTournament['fees'][string] | undefined, sign: 1 | -1): void {
  if (!f || f.cancelledAt !== undefined) return;
  if (f.kind === 'rebuy') {
    c.chips.rebuys += sign * f.chips;
    c.chips.rebuyCount += sign;
  } else if (f.kind === 'addon') {
    c.chips.addOns += sign * f.chips;
    c.chips.addOnCount += sign;
  }
}

/** An entry's stack as the leader board sees it: only active entries with a count. */
function stackOf(t: Maps, id: string): ChipLeader | undefined {
  const e = recordAt(t.entries, id);
  const c = recordAt(t.chipCounts, id);
  if (!e || e.status !== 'active' || !c) return undefined;
  return { entryId: id, playerId: e.playerId, chips: c.chips, countedAt: c.at };
}

/** Ties: the earlier count, then the entry id, so the leader does not flicker between equal stacks. */
const ahead = (a: ChipLeader, b: ChipLeader | null): boolean =>
  !b || a.chips > b.chips || (a.chips === b.chips && (a.countedAt < b.countedAt || (a.countedAt === b.countedAt && a.entryId < b.entryId)));

function leaderOf(t: Maps): ChipLeader | null {
  let leader: ChipLeader | null = null;
  for (const id of recordIds(t.chipCounts)) {
    const s = stackOf(t, id);
    if (s && ahead(s, leader)) leader = s;
  }
  return leader;
}

const mapsOf = (t: Maps): Maps => ({
  registrations: t.registrations,
  entries: t.entries,
  fees: t.fees,
  ...(t.chipCounts ? { chipCounts: t.chipCounts } : {}),
});

/** The player -> registration ids index over all registrations. */
function playersOf(t: Maps): FieldViews['players'] {
  const index = new Map<string, string[]>();
  for (const r of recordValues(t.registrations)) {
    const ids = index.get(r.playerId);
    if (ids) ids.push(r.id);
    else index.set(r.playerId, [r.id]);
  }
  return recordMapOf(index);
}

/** The registration ids of a player, by the state's own index when it is current. */
export function registrationIdsOf(views: FieldViews, playerId: string): readonly string[] {
  return recordAt(views.players, playerId) ?? [];
}

/** The figures computed over the whole field (a state loaded without them, and the check of the incremental ones). */
export function fieldViews(t: Maps): FieldViews {
  const c = zero();
  for (const r of recordValues(t.registrations)) addRegistration(c, r, 1);
  for (const e of recordValues(t.entries)) addEntry(c, e, 1);
  for (const f of recordValues(t.fees)) addFee(c, f, 1);
  for (const id of recordIds(t.chipCounts)) if (stackOf(t, id)) c.countedEntries++;
  return { ...c, chipLeader: leaderOf(t), players: playersOf(t), of: mapsOf(t) };
}

/**
 * The figures of `after`, from those of `before` and the ids an event changed: each changed record's
 * share is taken out as it was and put back as it is. O(changed records), except when the chip leader
 * itself busts or is recounted lower (then the leader is looked for again among the counts).
 */
export function nextFieldViews(views: FieldViews, before: Maps, after: Maps, changed: ChangedIds): FieldViews {
  if (Object.values(changed).some((ids) => ids === 'all')) return fieldViews(after);
  const c = copyCounts(views);
  const ids = (k: keyof Maps) => (changed[k] ?? []) as readonly string[];
  const own = <T>(m: Record<string, T> | undefined, id: string) => recordAt(m, id);
  let players = views.players;
  for (const id of new Set(ids('registrations'))) {
    const was = own(before.registrations, id);
    const is = own(after.registrations, id);
    addRegistration(c, was, -1);
    addRegistration(c, is, 1);
    // A registration's player never changes: the index follows registrations made and removed.
    if (!was && is) players = putRecord(players, is.playerId, [...(recordAt(players, is.playerId) ?? []), id]);
    else if (was && !is)
      players = putRecord(
        players,
        was.playerId,
        (recordAt(players, was.playerId) ?? []).filter((x) => x !== id),
      );
  }
  for (const id of new Set(ids('entries'))) {
    addEntry(c, own(before.entries, id), -1);
    addEntry(c, own(after.entries, id), 1);
  }
  for (const id of new Set(ids('fees'))) {
    addFee(c, own(before.fees, id), -1);
    addFee(c, own(after.fees, id), 1);
  }
  let leader = views.chipLeader;
  let lost = false;
  for (const id of new Set([...ids('entries'), ...ids('chipCounts')])) {
    const was = stackOf(before, id);
    const is = stackOf(after, id);
    c.countedEntries += (is ? 1 : 0) - (was ? 1 : 0);
    if (leader && leader.entryId === id) {
      if (!is || ahead(leader, is)) lost = true;
      else leader = is;
    }
    if (is && ahead(is, leader)) leader = is;
  }
  return { ...c, chipLeader: lost ? leaderOf(after) : leader, players, of: mapsOf(after) };
}

/** Figures computed afresh for a state that came without current ones, by its entries map: once each. */
const computed = new WeakMap<object, FieldViews>();

const viewsFit = (v: FieldViews | undefined, t: Maps): v is FieldViews =>
  v !== undefined &&
  v.of.registrations === t.registrations &&
  v.of.entries === t.entries &&
  v.of.fees === t.fees &&
  v.of.chipCounts === t.chipCounts;

/**
 * The state's figures when they were computed over its own maps; computed afresh otherwise (a state
 * between two steps of one decision), and kept for the next reader of the same maps.
 */
export function currentFieldViews(t: FloorTournament): FieldViews {
  if (viewsFit(t.views, t)) return t.views;
  const known = computed.get(t.entries);
  if (viewsFit(known, t)) return known;
  const v = fieldViews(t);
  computed.set(t.entries, v);
  return v;
}

/** A player's registrations in the tournament, oldest first, found by the index instead of a walk. */
export function playerRegistrations(t: FloorTournament, playerId: string): FloorTournament['registrations'][string][] {
  return registrationIdsOf(currentFieldViews(t), playerId)
    .flatMap((id) => recordAt(t.registrations, id) ?? [])
    .sort((a, b) => a.seq - b.seq);
}
