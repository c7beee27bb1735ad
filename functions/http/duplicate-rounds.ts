import { defineRoute } from '../platform/route';
import {
  CountsBody,
  DuplicateDeckReads,
  DuplicateDeckSheets,
  DuplicateEvent,
  DuplicateEventParams,
  DuplicateHandParams,
  DuplicateRound,
  DuplicateRoundParams,
  DuplicateTableParams,
  DuplicateTableView,
  HandActionsBody,
  RecordedHand,
} from '../../schemas/duplicate';
import { roundOf } from '../../domain/duplicate/event';
import { dealingSheet, type DealingSheet } from '../../domain/duplicate/decks';
import { handHistoryText } from '../../domain/holdem/history';
import { cardToString } from '../../domain/holdem/cards';
import { getDuplicateRound, readDeckSheets, readDuplicateTable } from '../app/duplicate/views';
import { listDeckReads } from '../app/duplicate/deck-access';
import {
  closeDuplicateRound,
  enterDuplicateCounts,
  recordDuplicateHand,
  revealDuplicateRound,
  type RoundCommand,
} from '../app/duplicate/rounds';
import { actorOf, duplicateCommandOf, etag, eventView, names, roundView } from './duplicate-support';
import { club, clubPublicView, ALL_STAFF, FLOOR } from '../platform/authorization';
import type { RouteRequest } from '../platform/route';

const TAGS = ['Duplicate Poker'];
const base = '/v1/clubs/{clubId}/duplicate-events/{eventId}/rounds/{round}';

/** A round's command: the event and round in the path, If-Match, who acts and when. */
const roundCommandOf = (req: RouteRequest<{ clubId: string; eventId: string; round: number }, unknown, unknown>): RoundCommand => ({
  ...duplicateCommandOf(req),
  round: req.params.round,
  actor: actorOf(req),
  now: req.now,
});

export const getDuplicateRoundRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateRound',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: base,
  summary:
    'A round: its level, seating, deck commitment (R-DUP-2), and after it its results and, once revealed, its seed and decks. Public, so that any player can check the commitment',
  tags: TAGS,
  params: DuplicateRoundParams,
  responses: { 200: { description: 'The round', schema: DuplicateRound } },
  handle: async (req) => {
    const { event, round } = await getDuplicateRound(req.params.clubId, req.params.eventId, req.params.round);
    return { status: 200, body: roundView(event, round) };
  },
});

function printable(eventName: string, round: number, tables: number[], s: DealingSheet): string {
  const use = (u: DealingSheet['order'][number]['use']) =>
    u.kind === 'hole' ? `seat ${u.seat}, ${u.round === 1 ? 'first' : 'second'} card` : u.kind === 'unused' ? '-' : u.kind;
  const lines = [
    `${eventName} - round ${round}, hand ${s.hand} - tables ${tables.join(', ')}`,
    `Button: seat ${s.seats === 0 ? '-' : s.button}. Dealt to all ${s.seats} seats, empty seats included.`,
    'Stack the deck face down in this order, position 1 on top:',
    ...s.order.map((o) => `${String(o.position).padStart(2, ' ')}. ${o.card}  ${use(o.use)}`),
  ];
  return `${lines.join('\n')}\n`;
}

export const getDuplicateDecksRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateDecks',
  access: /* @__PURE__ */ club(ALL_STAFF, false),
  method: 'GET',
  path: `${base}/decks`,
  summary:
    "The round's dealing sheets: for each hand the order to stack the physical deck and where each card goes (R-DUP-2). Only for the roles the club grants; every read is recorded",
  tags: TAGS,
  params: DuplicateRoundParams,
  responses: { 200: { description: 'The sheets', schema: DuplicateDeckSheets } },
  handle: async (req) => {
    const { clubId, eventId, round } = req.params;
    const { event: ev, round: r, decks } = await readDeckSheets(req, { clubId, eventId, round }, req.now);
    const tables = r.tables.map((t) => t.table);
    const hands = decks.map((d, i) => {
      const s = dealingSheet(d, i + 1, r.tableSize);
      return {
        hand: s.hand,
        button: s.button,
        order: s.order,
        holes: s.holes,
        board: s.board,
        printable: printable(ev.settings.name, round, tables, s),
      };
    });
    return { status: 200, body: { eventId, round, tables, seats: r.tableSize, hands }, headers: { 'cache-control': 'no-store' } };
  },
});

export const listDuplicateDeckReadsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listDuplicateDeckReads',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}/deck-reads',
  summary: 'Who read the deck sheets of the event, and when (R-DUP-2)',
  tags: TAGS,
  params: DuplicateEventParams,
  responses: { 200: { description: 'The reads, oldest first', schema: DuplicateDeckReads } },
  handle: async (req) => {
    const items = await listDeckReads(req.params.clubId, req.params.eventId);
    return { status: 200, body: { items: items.map((i) => ({ ...i, at: new Date(i.at).toISOString() })) } };
  },
});

export const enterDuplicateCountsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'enterDuplicateCounts',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PUT',
  path: `${base}/tables/{table}/counts`,
  summary:
    "The floor's chip counts of one table at the end of the round; they must add up to the table's chips (R-DUP-4). Send If-Match with the version read",
  tags: TAGS,
  params: DuplicateTableParams,
  body: CountsBody,
  responses: { 200: { description: 'The event', schema: DuplicateEvent } },
  problems: [409, 422],
  handle: async (req) => {
    const event = await enterDuplicateCounts(roundCommandOf(req), req.params.table, req.body);
    return { status: 200, body: eventView(event), headers: etag(event) };
  },
});

export const recordDuplicateHandRoute = /* @__PURE__ */ defineRoute({
  operationId: 'recordDuplicateHand',
  access: /* @__PURE__ */ club(['owner', 'manager', 'dealer']),
  ifMatch: true,
  method: 'PUT',
  path: `${base}/tables/{table}/hands/{hand}`,
  summary:
    "A dealer's record of one hand's actions, replayed at once on the round's known deck (R-DUP-7); hands are recorded in order, once. Until the round closes the answer shows cards only to the roles the club grants the decks (the read is recorded); others get the actions and chips without a card (R-DUP-2)",
  tags: TAGS,
  params: DuplicateHandParams,
  body: HandActionsBody,
  responses: { 200: { description: 'The hand as replayed', schema: RecordedHand } },
  problems: [409, 422],
  handle: async (req) => {
    const { round, table, hand } = req.params;
    const { event, state: st } = await recordDuplicateHand(roundCommandOf(req), { table, hand }, req.body.actions, req);
    return {
      status: 200,
      body: {
        round,
        table,
        hand,
        complete: st.complete,
        board: st.board.map(cardToString),
        stacks: st.seats.map((s) => ({ seat: s.seat, start: s.startStack, end: s.stack, net: s.stack - s.startStack })),
        text: handHistoryText(st, `Round ${round}, table ${table}, hand ${hand}`),
      },
      headers: etag(event),
    };
  },
});

export const getDuplicateTableRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateTable',
  access: /* @__PURE__ */ club(['owner', 'manager', 'dealer']),
  method: 'GET',
  path: `${base}/tables/{table}`,
  summary:
    'One table of a round: seating, entered counts, recorded hands, the chips they replay to and any disagreement (R-DUP-4, R-DUP-7)',
  tags: TAGS,
  params: DuplicateTableParams,
  responses: { 200: { description: 'The table', schema: DuplicateTableView } },
  handle: async (req) => {
    const { event: ev, round: r, table: t, replay: rep } = await readDuplicateTable(req.params);
    const replayed = rep?.complete ? rep.stacks.map((chips, i) => ({ seat: i + 1, chips })) : null;
    const entered = r.counts[String(t.table)];
    const enteredBySeat = (seat: number): number => {
      const p = t.seats[seat - 1];
      return p
        ? (entered?.counts.find((c) => c.playerId === p)?.chips ?? 0)
        : (entered?.emptySeats.find((e) => e.seat === seat)?.chips ?? 0);
    };
    const disagreements =
      entered && replayed
        ? replayed
            .filter((x) => x.chips !== enteredBySeat(x.seat))
            .map((x) => ({ seat: x.seat, entered: enteredBySeat(x.seat), replayed: x.chips }))
        : [];
    const who = names(ev);
    return {
      status: 200,
      body: {
        round: r.round,
        table: { table: t.table, seats: t.seats.map((p, i) => ({ seat: i + 1, playerId: p, name: p === null ? null : (who[p] ?? p) })) },
        counts: entered ? { ...entered, enteredAt: new Date(entered.enteredAt).toISOString() } : null,
        handsRecorded: r.handsRecorded[String(t.table)] ?? 0,
        replayed,
        disagreements,
      },
    };
  },
});

export const closeDuplicateRoundRoute = /* @__PURE__ */ defineRoute({
  operationId: 'closeDuplicateRound',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: `${base}/close`,
  summary:
    'Close the round: rank each seat group, points, capped carry-over, eliminations (R-DUP-3, R-DUP-4, R-DUP-6); the survivors are reseated and the next decks committed. Players get their result',
  tags: TAGS,
  params: DuplicateRoundParams,
  responses: { 200: { description: 'The event', schema: DuplicateEvent } },
  problems: [409, 422],
  handle: async (req) => {
    const event = await closeDuplicateRound(roundCommandOf(req));
    return { status: 200, body: eventView(event), headers: etag(event) };
  },
});

export const revealDuplicateRoundRoute = /* @__PURE__ */ defineRoute({
  operationId: 'revealDuplicateRound',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: `${base}/reveal`,
  summary: "Reveal a closed round's seed: anyone can then re-derive its decks and check the commitment published before it (R-DUP-2)",
  tags: TAGS,
  params: DuplicateRoundParams,
  responses: { 200: { description: 'The round with its seed and decks', schema: DuplicateRound } },
  problems: [409],
  handle: async (req) => {
    const event = await revealDuplicateRound(roundCommandOf(req));
    const round = req.params.round;
    return { status: 200, body: roundView(event, roundOf(event, round)), headers: etag(event) };
  },
});

export const duplicateRoundRoutes = [
  getDuplicateRoundRoute,
  getDuplicateDecksRoute,
  listDuplicateDeckReadsRoute,
  enterDuplicateCountsRoute,
  recordDuplicateHandRoute,
  getDuplicateTableRoute,
  closeDuplicateRoundRoute,
  revealDuplicateRoundRoute,
];
