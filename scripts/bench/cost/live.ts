import { PRICES } from './report';

/**
 * Live updates of one tournament, priced: the WebSocket path (connection minutes, messages, the
 * fan-out's Lambda and DynamoDB work, connects and keep-alive pings) beside clients polling the REST
 * view every 30 s. A model, not a measurement: its inputs are listed with the figures, the per-event
 * counts come from what functions/live/messages.ts sends for each kind of event.
 */

/** API Gateway WebSocket and HTTP API, us-east-1, first tier. */
export const LIVE_PRICES = {
  perMillionConnectionMinutes: 0.25,
  /** Messages in and out, metered in 32 KB units (every frame here is far smaller). */
  perMillionWebSocketMessages: 1.0,
} as const;

export interface LiveScenario {
  players: number;
  hours: number;
  /** Phones: the player's own topic (seat, moves, registration); they do not receive the public clock. */
  phones: number;
  /** Clock screens on the public topic. */
  screens: number;
  /** Floor tablets on the staff topic. */
  staff: number;
  /** Events while the tournament runs (each a committed command). */
  knockouts: number;
  lateEntries: number;
  levelChanges: number;
  tableBreaks: number;
  /** Events before the start (registrations, check-ins): staff and the player concerned only. */
  preStartEvents: number;
  pollIntervalSec: number;
  /** API Gateway closes an idle socket after 10 minutes: clients ping a little more often (a mock route: no Lambda, no answer). */
  pingIntervalMin: number;
  /** API Gateway ends every connection after 2 hours: clients connect again. */
  maxConnectionHours: number;
  lambdaMemoryMb: number;
}

export const DEFAULT_SCENARIO: LiveScenario = {
  players: 300,
  hours: 5,
  phones: 300,
  screens: 2,
  staff: 4,
  knockouts: 300,
  lateEntries: 50,
  levelChanges: 16,
  tableBreaks: 25,
  preStartEvents: 600,
  pollIntervalSec: 30,
  pingIntervalMin: 9,
  maxConnectionHours: 2,
  lambdaMemoryMb: 1024,
};

/** Per-call costs of the server side, measured by the tournament bench on DynamoDB Local (see docs/bench/cost.md). */
const WORK = {
  /** A poll of the clock: the warm container's version check (one Query, usually empty, eventually consistent). */
  pollRru: 0.5,
  pollMs: 12,
  /** Per event fanned out: one consistent Query per topic with a message, the version mark read and written. */
  topicQueryRru: 1,
  markRru: 1,
  markWru: 1,
  /** The consumer's time per post (parallel posts of 25 overlap; counted in full to stay on the safe side). */
  postMs: 4,
  /** $connect: verify the JWT, put the connection; subscribe: check topics, put the subscriptions; $disconnect: delete. */
  connectCycleWru: 5,
  connectCycleRru: 2,
  connectCycleInvocations: 3,
  connectCycleMs: 60,
} as const;

export interface LiveCost {
  label: string;
  lines: { item: string; quantity: string; usd: number }[];
  usd: number;
}

const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
const lambdaUsd = (invocations: number, ms: number, memoryMb: number) =>
  (invocations / 1e6) * PRICES.perMillionLambdaRequests + (ms / 1000) * (memoryMb / 1024) * PRICES.perGbSecond;

export function socketCost(s: LiveScenario = DEFAULT_SCENARIO): LiveCost {
  const minutes = s.hours * 60;
  const clients = s.phones + s.screens + s.staff;
  const running = s.knockouts + s.lateEntries + s.levelChanges + s.tableBreaks;
  // Frames out: the public topic per running event to each screen; the staff topic per event to each
  // tablet; the player topic to the players an event concerns (a knockout: the busted player and, about
  // one in three, a moved one; a late entry: its player; a break: a table of players; the draw: everyone).
  const playerMessages = s.knockouts * 1.33 + s.lateEntries + s.tableBreaks * 8 + s.players + s.preStartEvents;
  const framesOut = running * s.screens + (running + s.preStartEvents) * s.staff + playerMessages;
  const connects = clients * Math.ceil(s.hours / s.maxConnectionHours);
  const pings = clients * Math.floor(minutes / s.pingIntervalMin);
  // Messages in: a subscribe per connect, and the pings (unanswered).
  const messages = framesOut + connects + pings;
  const events = running + s.preStartEvents;
  const topicMessages = running * 3 + s.preStartEvents * 2;
  const rru = topicMessages * WORK.topicQueryRru + events * WORK.markRru + connects * WORK.connectCycleRru;
  const wru = events * WORK.markWru + connects * WORK.connectCycleWru;
  const fanOutMs = framesOut * WORK.postMs;
  const lines = [
    {
      item: 'API Gateway connection minutes',
      quantity: `${n0(clients * minutes)} min (${clients} clients x ${minutes} min)`,
      usd: ((clients * minutes) / 1e6) * LIVE_PRICES.perMillionConnectionMinutes,
    },
    {
      item: 'API Gateway messages',
      quantity: `${n0(messages)} (${n0(framesOut)} updates, ${n0(pings)} pings, ${n0(connects)} subscribes)`,
      usd: (messages / 1e6) * LIVE_PRICES.perMillionWebSocketMessages,
    },
    {
      item: 'Lambda: connect, subscribe, disconnect',
      quantity: `${n0(connects * WORK.connectCycleInvocations)} invocations`,
      usd: lambdaUsd(connects * WORK.connectCycleInvocations, connects * WORK.connectCycleMs, s.lambdaMemoryMb),
    },
    {
      item: 'Lambda: fan-out in the stream consumer',
      quantity: `${n0(fanOutMs / 1000)} s of posting (no extra invocations)`,
      usd: lambdaUsd(0, fanOutMs, s.lambdaMemoryMb),
    },
    {
      item: 'DynamoDB: topics, version marks, connections',
      quantity: `${n0(rru)} RRU, ${n0(wru)} WRU`,
      usd: (rru / 1e6) * PRICES.perMillionRru + (wru / 1e6) * PRICES.perMillionWru,
    },
  ];
  return { label: `WebSocket (${clients} clients)`, lines, usd: lines.reduce((a, l) => a + l.usd, 0) };
}

export function pollingCost(s: LiveScenario = DEFAULT_SCENARIO): LiveCost {
  const clients = s.phones + s.screens + s.staff;
  const polls = clients * ((s.hours * 3600) / s.pollIntervalSec);
  const lines = [
    {
      item: 'API Gateway (HTTP API) requests',
      quantity: `${n0(polls)} (${clients} clients every ${s.pollIntervalSec} s)`,
      usd: (polls / 1e6) * PRICES.perMillionHttpApiRequests,
    },
    {
      item: 'Lambda',
      quantity: `${n0(polls)} invocations, ${n0((polls * WORK.pollMs) / 1000)} s`,
      usd: lambdaUsd(polls, polls * WORK.pollMs, s.lambdaMemoryMb),
    },
    { item: 'DynamoDB reads', quantity: `${n0(polls * WORK.pollRru)} RRU`, usd: ((polls * WORK.pollRru) / 1e6) * PRICES.perMillionRru },
  ];
  return { label: `Polling every ${s.pollIntervalSec} s (${clients} clients)`, lines, usd: lines.reduce((a, l) => a + l.usd, 0) };
}

/** Markdown, like the rest of the cost report. */
export function renderLiveCost(s: LiveScenario = DEFAULT_SCENARIO, targetUsd = 0.05): string {
  const socket = socketCost(s);
  const polling = pollingCost(s);
  const usd = (x: number) => `$${x.toFixed(4)}`;
  const table = (c: LiveCost) => [
    `| ${c.label} | quantity | cost |`,
    '| --- | --- | --- |',
    ...c.lines.map((l) => `| ${l.item} | ${l.quantity} | ${usd(l.usd)} |`),
    `| **total** | | **${usd(c.usd)}** |`,
  ];
  return [
    `## Live updates: ${s.players} players, ${s.hours} hours`,
    '',
    `${s.phones} phones on their own topic, ${s.screens} clock screens on the public topic, ${s.staff} floor tablets on the staff topic;`,
    `${s.knockouts} knockouts, ${s.lateEntries} late entries, ${s.levelChanges} level changes, ${s.tableBreaks} table breaks, ${s.preStartEvents} events before the start.`,
    `Pings every ${s.pingIntervalMin} min (API Gateway's idle limit is 10), a new connection every ${s.maxConnectionHours} h; Lambda at ${s.lambdaMemoryMb} MB.`,
    '',
    ...table(socket),
    '',
    ...table(polling),
    '',
    `Socket path: ${usd(socket.usd)} (target under ${usd(targetUsd)}: ${socket.usd < targetUsd ? 'met' : 'NOT met'}); polling: ${usd(polling.usd)}, ${(polling.usd / socket.usd).toFixed(1)}x the socket.`,
    'Idle connections cost connection minutes only: the server keeps no timer or poll per connection.',
  ].join('\n');
}
