import { defineRoute } from '../platform/route';
import { problem } from '../platform/problem';
import type { RouteRequest } from '../platform/route';
import { DuplicateDiagramParams, DuplicateEventParams, DuplicateStandings, HandDiagram, ScreenQuery } from '../../schemas/duplicate';
import * as z from '../../schemas/zod';
import { roundOf, type DupRound, type DuplicateEvent } from '../../domain/duplicate/event';
import { roundDecks } from '../../domain/duplicate/decks';
import { handDiagram, type HandDiagram as Diagram } from '../../domain/duplicate/diagram';
import type { Replay } from '../../domain/holdem/record';
import { readSeed } from '../store/duplicate-store';
import { names, replayRound, requireEvent } from './duplicate-support';
import { openCards } from '../app/duplicate-cards';
import { clubPublicView, ALL_STAFF } from '../platform/authorization';

const TAGS = ['Duplicate Poker'];

export function standingsView(ev: DuplicateEvent) {
  const who = names(ev);
  const latest = new Map<string, number>();
  for (const r of ev.rounds) for (const p of r.results?.players ?? []) latest.set(p.playerId, p.total);
  return {
    eventId: ev.eventId,
    name: ev.settings.name,
    status: ev.status,
    rounds: ev.rounds.map((r) => ({
      round: r.round,
      status: r.status,
      commitment: r.commitment,
      seed: r.seed ?? null,
      standings: r.results ? r.results.players.map((p) => ({ ...p, name: who[p.playerId] ?? p.playerId })) : null,
    })),
    field: ev.players
      .filter((p) => p.status !== 'withdrawn')
      .map((p) => ({
        playerId: p.playerId,
        name: p.name,
        status: p.status,
        ...(p.eliminatedInRound ? { eliminatedInRound: p.eliminatedInRound } : {}),
        total: latest.get(p.playerId) ?? 0,
      }))
      .sort((a, b) => (a.status === b.status ? b.total - a.total : a.status === 'active' ? -1 : 1)),
  };
}

export const getDuplicateStandingsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateStandings',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}/standings',
  summary: "Every round's standings by seat group and field (R-DUP-3, R-DUP-4, R-DUP-6) and the field as it stands. Public",
  tags: TAGS,
  params: DuplicateEventParams,
  responses: { 200: { description: 'The standings', schema: DuplicateStandings } },
  handle: async (req) => ({ status: 200, body: standingsView(await requireEvent(req.params.clubId, req.params.eventId)) }),
});

/** A hand's diagram for the diagram route and the screen; the cards follow the deck grant until the round closes. */
async function diagramFor(
  req: RouteRequest<{ clubId: string; eventId: string }, unknown, unknown>,
  round: number,
  hand: number,
  view: 'hand-diagram' | 'screen',
): Promise<{ ev: DuplicateEvent; r: DupRound; diagram: Diagram }> {
  const ev = await requireEvent(req.params.clubId, req.params.eventId);
  const r = roundOf(ev, round);
  if (hand > r.level.hands) throw problem(404, 'HAND_NOT_FOUND', `round ${round} has hands 1 to ${r.level.hands}`);
  await openCards(req, ev, r, view, req.now);
  const [seed, reps] = await Promise.all([readSeed(ev.clubId, ev.eventId, round), replayRound(ev, r)]);
  const replays = new Map<number, Replay>();
  for (const [t, rep] of reps) {
    const h = rep.hands.find((x) => x.hand === hand);
    if (h?.replay.state.complete) replays.set(t, h.replay);
  }
  const deck = roundDecks(seed, hand)[hand - 1]!;
  return { ev, r, diagram: handDiagram({ round: r, hand, deck, names: names(ev), replays }) };
}

export const getDuplicateDiagramRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateDiagram',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}/rounds/{round}/hands/{hand}/diagram',
  summary:
    "A played hand's diagram: for each seat group the cards, the board, each table's line of actions and result (R-DUP-7). Public once the round is closed; before, only for the roles the club grants the decks, every read recorded (R-DUP-2)",
  tags: TAGS,
  params: DuplicateDiagramParams,
  responses: { 200: { description: 'The diagram', schema: HandDiagram } },
  handle: async (req) => ({ status: 200, body: (await diagramFor(req, req.params.round, req.params.hand, 'hand-diagram')).diagram }),
});

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const SUITS: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const card = (c: string) =>
  `<span class="c ${c[1] === 'd' || c[1] === 'h' ? 'r' : ''}">${esc(c[0] ?? '')}${SUITS[c[1] ?? ''] ?? ''}</span>`;
const moveText = (m: Diagram['seatGroups'][number]['tables'][number]['moves'][number]) =>
  m.action === 'small-blind'
    ? `SB ${m.amount}`
    : m.action === 'big-blind'
      ? `BB ${m.amount}`
      : m.action === 'ante'
        ? `ante ${m.amount}`
        : m.to !== undefined
          ? `${m.action} ${m.to}`
          : m.action === 'call'
            ? `call ${m.amount}`
            : m.action;

const STYLE =
  'body{margin:0;font-family:system-ui,sans-serif;background:#0b3d2e;color:#f4f4f4}header{padding:1rem 2rem;font-size:2rem;font-weight:600}' +
  'main{display:flex;gap:2rem;padding:0 2rem 2rem;flex-wrap:wrap}section{flex:1 1 36rem}table{border-collapse:collapse;width:100%;font-size:1.2rem}' +
  'td,th{padding:.3rem .6rem;border-bottom:1px solid #2b6b55;text-align:left}th{color:#b9e3cf}.out{opacity:.5}.c{display:inline-block;background:#fff;color:#111;border-radius:.3rem;padding:0 .3rem;margin:0 .1rem;font-weight:700}.r{color:#c0172d}' +
  'h2{font-size:1.5rem;margin:.5rem 0}.board{font-size:1.6rem;margin:.5rem 0}';

/** A self-contained page (no script: it reloads itself), the same rule as the clock screen's CSP. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function renderStandings(ev: DuplicateEvent): string {
  const closed = [...ev.rounds].reverse().find((r) => r.results);
  const s = standingsView(ev);
  const rows = closed
    ? (s.rounds.find((r) => r.round === closed.round)?.standings ?? [])
        .map(
          (p) =>
            `<tr class="${p.eliminated ? 'out' : ''}"><td>${p.place}</td><td>${esc(p.name)}</td><td>${p.table}/${p.seat}</td><td>${p.chips}</td><td>${p.points}</td><td>${p.total}</td><td>${p.carryOut}</td><td>${p.eliminated ? 'out' : ''}</td></tr>`,
        )
        .join('')
    : '';
  const current = ev.rounds.at(-1);
  const seats = current
    ? current.tables
        .map(
          (t) =>
            `<tr><td>${t.table}</td><td>${t.seats.map((p, i) => `${i + 1}: ${p === null ? '—' : esc(ev.players.find((x) => x.playerId === p)?.name ?? p)}`).join(', ')}</td></tr>`,
        )
        .join('')
    : '';
  return (
    `<section><h2>${closed ? `Round ${closed.round} standings` : 'No round closed yet'}</h2><table><tr><th>#</th><th>Player</th><th>Table/seat</th><th>Chips</th><th>Points</th><th>Total</th><th>Carry-over</th><th></th></tr>${rows}</table></section>` +
    (current
      ? `<section><h2>Round ${current.round} (${current.status}) seating</h2><table>${seats}</table><p>Commitment ${esc(current.commitment)}</p></section>`
      : '')
  );
}

function renderDiagram(d: Diagram): string {
  const groups = d.seatGroups
    .map(
      (g) =>
        `<tr><td>Seat ${g.seat}${g.seat === d.button ? ' (D)' : ''}</td><td>${g.cards.map(card).join('')}</td><td>${g.tables
          .map(
            (t) =>
              `T${t.table} ${t.name === null ? 'empty' : esc(t.name)}: ${t.recorded ? `${t.moves.map(moveText).join(', ') || '-'} → ${t.net! > 0 ? '+' : ''}${t.net}` : 'not recorded'}`,
          )
          .join('<br>')}</td></tr>`,
    )
    .join('');
  return `<section><h2>Round ${d.round}, hand ${d.hand}</h2><div class="board">${d.board.map(card).join('')}</div><table><tr><th>Seat group</th><th>Cards</th><th>Tables</th></tr>${groups}</table></section>`;
}

export const getDuplicateScreenRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateScreen',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}/screen',
  summary:
    "The Duplicate screen for a TV (R-DUP-7): the latest standings and seating, and with ?round=&hand= that hand's diagram (whose cards follow the diagram's rule). One HTML page that reloads itself; public like the standings",
  tags: TAGS,
  params: DuplicateEventParams,
  query: ScreenQuery,
  responses: { 200: { description: 'The page', contentType: 'text/html', schema: z.string() } },
  handle: async (req) => {
    const { round, hand } = req.query;
    let ev: DuplicateEvent;
    let diagram = '';
    if (round !== undefined && hand !== undefined) {
      const d = await diagramFor(req, round, hand, 'screen');
      ev = d.ev;
      diagram = renderDiagram(d.diagram);
    } else ev = await requireEvent(req.params.clubId, req.params.eventId);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="15"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(ev.settings.name)}</title><style>${STYLE}</style></head><body><header>${esc(ev.settings.name)} — Duplicate Poker</header><main>${diagram}${renderStandings(ev)}</main></body></html>`;
    return {
      status: 200,
      raw: true,
      body: html,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': CSP,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      },
    };
  },
});

export const duplicateViewRoutes = [getDuplicateStandingsRoute, getDuplicateDiagramRoute, getDuplicateScreenRoute];
