import { randomBytes } from 'node:crypto';
import { entities } from '../../store/entities';
import type { TransactPut } from '../../store/entities/items';
import { packBody, unpackBody } from '../../store/item-body';
import { BY_KEY, type TransactItem } from './command';
import { roundDecks } from '../../../domain/duplicate/decks';
import type { DupRound, DuplicateEvent, RoundSeeds } from '../../../domain/duplicate/event';
import { replayTable, type RecordedAction, type TableReplay } from '../../../domain/duplicate/table-replay';

/*
 * What a round keeps beside the event's root: its secret seed (R-DUP-2) and the hands the dealers recorded
 * (R-DUP-7), and the replays of its tables from both.
 */

/** R-DUP-2: a round's secret seed from the operating system's CSPRNG (256 bits), and a public one for the seat draw. */
export const newSeeds = (): RoundSeeds => ({ seed: randomBytes(32).toString('hex'), seatingSeed: randomBytes(16).toString('hex') });

/** The seed of a round that opens, written with the event (never over another). */
export const seedCreate = (clubId: string, eventId: string, round: number, seed: string): TransactItem => ({
  Put: entities().duplicateSeed.create({ clubId, eventId, round, seed }).params<TransactPut>(),
});

export async function readSeed(clubId: string, eventId: string, round: number): Promise<string> {
  const { data } = await entities()
    .duplicateSeed.get({ clubId, eventId, round })
    .go({ consistent: true, ...BY_KEY });
  if (typeof data?.seed !== 'string') throw new Error(`no seed stored for round ${round}`);
  return data.seed;
}

export interface StoredHand {
  round: number;
  table: number;
  hand: number;
  actions: RecordedAction[];
  recordedBy: string;
  at: number;
}

/** A recorded hand, written with the event that counts it (never over another). */
export const handCreate = (clubId: string, eventId: string, h: StoredHand): TransactItem => ({
  Put: entities()
    .duplicateHand.create({ clubId, eventId, round: h.round, table: h.table, hand: h.hand, ...packBody(JSON.stringify(h)) })
    .params<TransactPut>(),
});

/** A round's recorded hands (of one table when given), in table and hand order. */
export async function listHands(clubId: string, eventId: string, round: number, table?: number): Promise<StoredHand[]> {
  const { data } = await entities()
    .duplicateHand.query.primary(table === undefined ? { clubId, eventId, round } : { clubId, eventId, round, table })
    .go({ pages: 'all', consistent: true, ...BY_KEY });
  return data.map((i) => JSON.parse(unpackBody(i)) as StoredHand);
}

export const names = (ev: DuplicateEvent): Record<string, string> => Object.fromEntries(ev.players.map((p) => [p.playerId, p.name]));

/** A round's seed and recorded hands, read together. */
export async function roundRecords(ev: DuplicateEvent, round: number): Promise<{ seed: string; hands: StoredHand[] }> {
  const [seed, hands] = await Promise.all([readSeed(ev.clubId, ev.eventId, round), listHands(ev.clubId, ev.eventId, round)]);
  return { seed, hands };
}

/** Replays of every table of a round (of `r.tables`) that has recorded hands, from its seed and hand records. */
export function replayRound(ev: DuplicateEvent, r: DupRound, records: { seed: string; hands: StoredHand[] }): Map<number, TableReplay> {
  const decks = roundDecks(records.seed, r.level.hands);
  const out = new Map<number, TableReplay>();
  for (const t of r.tables) {
    const recorded = new Map<number, RecordedAction[]>(records.hands.filter((h) => h.table === t.table).map((h) => [h.hand, h.actions]));
    if (recorded.size === 0) continue;
    out.set(t.table, replayTable({ settings: ev.settings, round: r.level, table: t, decks, recorded, names: names(ev) }));
  }
  return out;
}
