import { NotFound } from '../../runtime/errors';
import { openCards, type CardCaller } from '../duplicate-cards';
import { requireEvent } from './command';
import { names, readSeed, replayRound, roundRecords } from './round-records';
import { roundDecks } from '../../../domain/duplicate/decks';
import { handDiagram, type HandDiagram } from '../../../domain/duplicate/diagram';
import { roundOf, tableOf, type DupRound, type DuplicateEvent } from '../../../domain/duplicate/event';
import type { DupTable } from '../../../domain/duplicate/seating';
import type { TableReplay } from '../../../domain/duplicate/table-replay';
import type { Card } from '../../../domain/holdem/cards';
import type { Replay } from '../../../domain/holdem/record';

/* What the Duplicate views read: an event's round, a table with its replay, deck sheets and hand diagrams. */

export async function getDuplicateRound(
  clubId: string,
  eventId: string,
  round: number,
): Promise<{ event: DuplicateEvent; round: DupRound }> {
  const event = await requireEvent(clubId, eventId);
  return { event, round: roundOf(event, round) };
}

/** A round's decks for its dealing sheets (R-DUP-2): only for the roles the club grants, the read recorded first. */
export async function readDeckSheets(
  caller: CardCaller,
  where: { clubId: string; eventId: string; round: number },
  now: number,
): Promise<{ event: DuplicateEvent; round: DupRound; decks: Card[][] }> {
  const { clubId, eventId, round } = where;
  const event = await requireEvent(clubId, eventId);
  const r = roundOf(event, round);
  // The record is written before the sheet leaves: no read without its trace.
  await openCards(caller, event, r, 'deck-sheets', now);
  return { event, round: r, decks: roundDecks(await readSeed(clubId, eventId, round), r.level.hands) };
}

/** One table of a round and the replay of its recorded hands (undefined before any). */
export async function readDuplicateTable(where: {
  clubId: string;
  eventId: string;
  round: number;
  table: number;
}): Promise<{ event: DuplicateEvent; round: DupRound; table: DupTable; replay: TableReplay | undefined }> {
  const event = await requireEvent(where.clubId, where.eventId);
  const r = roundOf(event, where.round);
  const t = tableOf(r, where.table);
  const replay = replayRound(event, { ...r, tables: [t] }, await roundRecords(event, r.round)).get(t.table);
  return { event, round: r, table: t, replay };
}

/** A hand's diagram for the diagram route and the screen (R-DUP-7); its cards follow the deck grant until the round closes. */
export async function readHandDiagram(
  caller: CardCaller,
  where: { clubId: string; eventId: string; round: number; hand: number },
  view: 'hand-diagram' | 'screen',
  now: number,
): Promise<{ event: DuplicateEvent; round: DupRound; diagram: HandDiagram }> {
  const { round, hand } = where;
  const event = await requireEvent(where.clubId, where.eventId);
  const r = roundOf(event, round);
  if (hand > r.level.hands) throw new NotFound('HAND_NOT_FOUND', `round ${round} has hands 1 to ${r.level.hands}`);
  await openCards(caller, event, r, view, now);
  const records = await roundRecords(event, round);
  const replays = new Map<number, Replay>();
  for (const [t, rep] of replayRound(event, r, records)) {
    const h = rep.hands.find((x) => x.hand === hand);
    if (h?.replay.state.complete) replays.set(t, h.replay);
  }
  const deck = roundDecks(records.seed, hand)[hand - 1]!;
  return { event, round: r, diagram: handDiagram({ round: r, hand, deck, names: names(event), replays }) };
}
