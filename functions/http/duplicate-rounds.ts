import { defineRoute } from '../platform/route';
import { problem } from '../platform/problem';
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
import { checkHandSlot, closeRound, enterCounts, handRecorded, revealRound, roundOf, tableOf } from '../../domain/duplicate/event';
import { dealingSheet, roundDecks, type DealingSheet } from '../../domain/duplicate/decks';
import { replayTable, type RecordedAction } from '../../domain/duplicate/table-replay';
import { handHistoryText } from '../../domain/holdem/history';
import { cardToString } from '../../domain/holdem/cards';
import { deckReadPut, handPut, listDeckReads, listHands, readSeed, seedPut } from '../store/duplicate-store';
import { decideCards, openCards } from '../app/duplicate-cards';
import { withoutCards, type CardAccess } from '../../domain/duplicate/card-access';
import {
  etag,
  eventView,
  names,
  newSeeds,
  notifyResults,
  notifySeats,
  replayRound,
  requireEvent,
  roundView,
  runEventCommand,
} from './duplicate-support';
import { club, clubPublicView, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Duplicate Poker'];
const base = '/v1/clubs/{clubId}/duplicate-events/{eventId}/rounds/{round}';

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
    const ev = await requireEvent(req.params.clubId, req.params.eventId);
    return { status: 200, body: roundView(ev, roundOf(ev, req.params.round)) };
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
    const ev = await requireEvent(clubId, eventId);
    const r = roundOf(ev, round);
    // The record is written before the sheet leaves: no read without its trace.
    await openCards(req, ev, r, 'deck-sheets', req.now);
    const decks = roundDecks(await readSeed(clubId, eventId, round), r.level.hands);
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
    await requireEvent(req.params.clubId, req.params.eventId);
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
    const { round, table } = req.params;
    const { event } = await runEventCommand(req, (ev) => ({
      event: enterCounts(ev, round, table, req.body, req.club?.actorId ?? 'unknown', req.now),
    }));
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
    const { clubId, eventId, round, table, hand } = req.params;
    const actor = req.club?.actorId ?? 'unknown';
    let replayed: ReturnType<typeof replayTable>['hands'][number] | undefined;
    let cards: CardAccess | undefined;
    const { event } = await runEventCommand(req, async (ev) => {
      const r = checkHandSlot(ev, round, table, hand);
      const t = tableOf(r, table);
      const [seed, stored, decision] = await Promise.all([
        readSeed(clubId, eventId, round),
        listHands(clubId, eventId, round, table),
        decideCards(req, ev, r, 'hand-record'),
      ]);
      cards = decision.access;
      const recorded = new Map<number, readonly RecordedAction[]>(stored.map((h) => [h.hand, h.actions]));
      recorded.set(hand, req.body.actions);
      const rep = replayTable({
        settings: ev.settings,
        round: r.level,
        table: t,
        decks: roundDecks(seed, r.level.hands),
        recorded,
        names: names(ev),
      });
      replayed = rep.hands.find((h) => h.hand === hand);
      if (!replayed?.replay.state.complete) {
        const next = replayed?.replay.next;
        throw problem(
          422,
          'HAND_INCOMPLETE',
          `the actions stop before the hand ends${next ? `: seat ${next.seat} is to act (${next.actions.join(', ')})` : ''}`,
          [{ field: 'actions', message: 'the hand is not over' }],
        );
      }
      return {
        event: handRecorded(ev, round, table, hand),
        // A caller who sees the cards in the answer is audited with the record itself, in one transaction.
        companions: [
          handPut(clubId, eventId, { round, table, hand, actions: req.body.actions, recordedBy: actor, at: req.now }),
          ...(decision.audit ? [deckReadPut(clubId, eventId, decision.audit(req.now))] : []),
        ],
      };
    });
    // Without the grant the answer keeps the actions and the chips, never a card (docs/decisions/duplicate.md).
    const st = cards?.see ? replayed!.replay.state : withoutCards(replayed!.replay.state);
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
    const ev = await requireEvent(req.params.clubId, req.params.eventId);
    const r = roundOf(ev, req.params.round);
    const t = tableOf(r, req.params.table);
    const rep = (await replayRound(ev, { ...r, tables: [t] })).get(t.table);
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
    const { clubId, eventId, round } = req.params;
    const seeds = newSeeds();
    const { event } = await runEventCommand(req, async (ev) => {
      const r = roundOf(ev, round);
      if (r.status === 'closed') throw problem(409, 'ROUND_CLOSED', `round ${round} is closed already`);
      const reps = await replayRound(ev, r);
      const replayed = new Map([...reps].filter(([, x]) => x.complete).map(([t, x]) => [t, x.stacks]));
      const next = closeRound(ev, round, { replayed, next: seeds, actor: req.club?.actorId ?? 'unknown', now: req.now });
      const opened = next.rounds.length > ev.rounds.length;
      return { event: next, companions: opened ? [seedPut(clubId, eventId, round + 1, seeds.seed)] : [] };
    });
    await notifyResults(event, roundOf(event, round), req.now);
    const opened = event.rounds.find((x) => x.round === round + 1);
    if (opened) await notifySeats(event, opened, req.now);
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
    const { clubId, eventId, round } = req.params;
    const { event } = await runEventCommand(req, async (ev) => {
      roundOf(ev, round);
      return { event: revealRound(ev, round, await readSeed(clubId, eventId, round), req.now) };
    });
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
