import { defineRoute } from '../platform/route';
import { ruleError } from '../../domain/core/errors';
import { cardToString, parseCards, type Card } from '../../domain/holdem/cards';
import { bestFive, categoryOf, describeClass, rankCards } from '../../domain/holdem/evaluator';
import { potsNow } from '../../domain/holdem/hand';
import { handHistoryText } from '../../domain/holdem/history';
import { replay, type HandRecordV1 } from '../../domain/holdem/record';
import { ClubIdParams } from '../../schemas/common';
import { EvaluateBody, EvaluateResult, HandRecord, ReplayResult } from '../../schemas/hands';
import { club } from '../platform/authorization';

const TAGS = ["Hold'em"];
const text = (cards: readonly Card[]) => cards.map(cardToString);

const value = (cards: readonly Card[]) => {
  const handClass = rankCards(cards);
  return { handClass, category: categoryOf(handClass), description: describeClass(handClass), best: text(bestFive(cards)) };
};

export const evaluateHandsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'evaluateHands',
  access: /* @__PURE__ */ club(['owner', 'manager', 'dealer']),
  method: 'POST',
  path: '/v1/clubs/{clubId}/hands/evaluate',
  summary: 'Rank hands: the best five of each hand with the board, and the winners; identical ranks tie (R-HE-1, R-HE-2)',
  tags: TAGS,
  params: ClubIdParams,
  body: EvaluateBody,
  responses: { 200: { description: 'Ranks and winners', schema: EvaluateResult } },
  problems: [422],
  handle: async (req) => {
    const seen = new Map<Card, string>();
    const board = parseCards(req.body.board, 'board', seen);
    const ids = new Set<string>();
    const hands = req.body.hands.map((h, i) => {
      const field = `hands[${i}]`;
      if (ids.has(h.id))
        throw ruleError('HAND_ID_DUPLICATE', `${field}.id: "${h.id}" is used twice`, [{ field: `${field}.id`, message: 'used twice' }]);
      ids.add(h.id);
      const cards = [...parseCards(h.cards, `${field}.cards`, seen), ...board];
      if (cards.length < 5 || cards.length > 7) {
        throw ruleError('CARD_COUNT', `${field}: a hand with the board makes 5 to 7 cards, got ${cards.length}`, [
          { field: `${field}.cards`, message: '5 to 7 cards with the board' },
        ]);
      }
      return { id: h.id, ...value(cards) };
    });
    const top = Math.max(...hands.map((h) => h.handClass));
    return { status: 200, body: { hands, winners: hands.filter((h) => h.handClass === top).map((h) => h.id) } };
  },
});

export const replayHandRoute = /* @__PURE__ */ defineRoute({
  operationId: 'replayHand',
  access: /* @__PURE__ */ club(['owner', 'manager', 'dealer']),
  method: 'POST',
  path: '/v1/clubs/{clubId}/hands/replay',
  summary:
    'Replay a hand record: pots, winners, final stacks and the legal actions at each step; the first illegal action is refused by index (R-HE-3..9)',
  tags: TAGS,
  params: ClubIdParams,
  body: HandRecord,
  responses: { 200: { description: 'The hand replayed', schema: ReplayResult } },
  problems: [422],
  handle: async (req) => {
    const r = replay(req.body as HandRecordV1);
    const st = r.state;
    const body = {
      complete: st.complete,
      street: st.street,
      board: text(st.board),
      holes: st.seats.filter((s) => s.cards.length > 0).map((s) => ({ seat: s.seat, cards: text(s.cards) })),
      postings: st.postings,
      steps: r.steps.map((s) => ({
        index: s.index,
        street: s.street,
        seat: s.action.seat,
        action: s.action.type,
        ...(s.action.to !== undefined ? { to: s.action.to } : {}),
        done: s.done,
        added: s.added,
        allIn: s.allIn,
        legal: s.legal,
      })),
      next: r.next,
      pots: potsNow(st),
      shown: (r.result?.shown ?? []).map((h) => ({
        seat: h.seat,
        cards: text(h.cards),
        handClass: h.handClass,
        category: h.category,
        description: h.description,
        best: text(h.best),
      })),
      stacks: st.seats.map((s) => ({ seat: s.seat, start: s.startStack, end: s.stack, net: s.stack - s.startStack })),
      text: handHistoryText(st, req.body.id ? `Hand ${req.body.id}` : 'Hand'),
    };
    return { status: 200, body };
  },
});

export const handRoutes = [evaluateHandsRoute, replayHandRoute];
