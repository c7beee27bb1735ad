import { PRICES } from './report';

import { MAX_REPLAY_EVENTS } from '../../../functions/live/replay';

/**
 * Live updates of one tournament, priced: the WebSocket path (connection minutes, messages, the
 * fan-out's Lambda and DynamoDB work, connects and keep-alive pings) beside clients polling the REST
 * view every 30 s, and push-first: phones hold a socket only while the app is in the foreground
 * (resuming from the last version seen) and are pushed what matters to their player; screens and
 * floor tablets keep their sockets. A model, not a measurement: its inputs are listed with the
 * figures, the per-event counts come from what functions/live/messages.ts sends for each kind of event
 * and functions/adapters/push/channel.ts pushes.
 */

/** API Gateway WebSocket and HTTP API, us-east-1, first tier. */
export const LIVE_PRICES = {
  perMillionConnectionMinutes: 0.25,
  /** Messages in and out, metered in 32 KB units (every frame here is far smaller). */
  perMillionWebSocketMessages: 1.0,
  /** SNS mobile push notifications (APNs, FCM), per publish, beyond the free tier (not counted). */
  perMillionMobilePushes: 0.5,
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
  /** Events at the desk after the play (fee settlements): the staff topic only. */
  deskEventsAfter: number;
  pollIntervalSec: number;
  /** API Gateway closes an idle socket after 10 minutes: clients ping a little more often (a mock route: no Lambda, no answer). */
  pingIntervalMin: number;
  /** API Gateway ends every connection after 2 hours: clients connect again. */
  maxConnectionHours: number;
  lambdaMemoryMb: number;
  /** Push-first: the share of the evening a phone has the app in the foreground, its socket open. */
  foregroundShare: number;
  /** Push-first: how many times a phone comes to the foreground in the evening (a connect and a resume each). */
  foregroundSessions: number;
  /** Push-first: the share of players who asked for a push at each level. */
  levelPushShare: number;
  /** Push-first: the share of players who win a free-entry ticket at the finish. */
  ticketShare: number;
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
  deskEventsAfter: 300,
  pollIntervalSec: 30,
  pingIntervalMin: 9,
  maxConnectionHours: 2,
  lambdaMemoryMb: 1024,
  foregroundShare: 0.05,
  foregroundSessions: 3,
  levelPushShare: 0.1,
  ticketShare: 0.03,
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
  /** A resume: the tournament read consistently (a warm container: one small Query). */
  resumeRru: 1,
  /** A missed event as the replay reads it from the log (about 1 KB: a knockout's patch and events; 4 KB per RRU). */
  replayRruPerEvent: 0.25,
  /** Per push: the player's devices and choices (one consistent Query), the once-only mark (one put), the Publish. */
  pushRru: 1,
  pushWru: 1,
  pushMs: 10,
  /**
   * Per level change: the tournament's askers, one Query of a partition holding a small item per player who
   * asked (functions/adapters/push/level-asks.ts): half a unit per 4 KB read, eventually consistent.
   */
  levelAskersRruPer4Kb: 0.5,
  levelAskerItemBytes: 120,
} as const;

export interface LiveCost {
  label: string;
  lines: { item: string; quantity: string; usd: number }[];
  usd: number;
  /** Frames the server sends (updates, not answers or pings). */
  frames: number;
}

/** Events while the tournament runs (each a committed command). */
const runningEvents = (s: LiveScenario) => s.knockouts + s.lateEntries + s.levelChanges + s.tableBreaks;

const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
const lambdaUsd = (invocations: number, ms: number, memoryMb: number) =>
  (invocations / 1e6) * PRICES.perMillionLambdaRequests + (ms / 1000) * (memoryMb / 1024) * PRICES.perGbSecond;

export function socketCost(s: LiveScenario = DEFAULT_SCENARIO): LiveCost {
  const minutes = s.hours * 60;
  const clients = s.phones + s.screens + s.staff;
  const running = runningEvents(s);
  // Frames out: the public topic per running event to each screen; the staff topic per event to each
  // tablet; the player topic to the players an event concerns (a knockout: the busted player and, about
  // one in three, a moved one; a late entry: its player; a break: a table of players; the draw: everyone).
  const playerMessages = s.knockouts * 1.33 + s.lateEntries + s.tableBreaks * 8 + s.players + s.preStartEvents;
  const framesOut = running * s.screens + (running + s.preStartEvents) * s.staff + playerMessages;
  const connects = clients * Math.ceil(s.hours / s.maxConnectionHours);
  const pings = clients * Math.floor(minutes / s.pingIntervalMin);
  // Messages: a subscribe per connect and its `subscribed` answer, and the pings (unanswered).
  const messages = framesOut + 2 * connects + pings;
  const events = running + s.preStartEvents + s.deskEventsAfter;
  const topicMessages = running * 3 + s.preStartEvents * 2 + s.deskEventsAfter;
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
      quantity: `${n0(messages)} (${n0(framesOut)} updates, ${n0(pings)} pings, ${n0(connects)} subscribes and their answers)`,
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
  return { label: `WebSocket (${clients} clients)`, lines, usd: lines.reduce((a, l) => a + l.usd, 0), frames: framesOut };
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
  return {
    label: `Polling every ${s.pollIntervalSec} s (${clients} clients)`,
    lines,
    usd: lines.reduce((a, l) => a + l.usd, 0),
    frames: 0,
  };
}

/** Pushes to one player in an evening, by kind (the same events as functions/adapters/push/channel.ts pushes). */
export function pushesPerPlayer(s: LiveScenario = DEFAULT_SCENARIO): Record<string, number> {
  const players = Math.max(1, s.players);
  return {
    // The draw seats everyone; a broken table moves about 8 players, one knockout in three moves one.
    seat: 1 + (s.tableBreaks * 8 + s.knockouts * 0.33) / players,
    starting: 1,
    knockout: s.knockouts / players,
    results: 1,
    tickets: s.ticketShare,
    levels: s.levelChanges * s.levelPushShare,
  };
}

/**
 * Push-first: the screens and tablets as on the socket path; each phone's socket open for its share of
 * the evening in a few sessions, each a connect and a resume from the version last seen (a replay of
 * the events missed, or past the bound the player's standing as it is); and the pushes.
 */
export function pushFirstCost(s: LiveScenario = DEFAULT_SCENARIO): LiveCost {
  const minutes = s.hours * 60;
  const kept = s.screens + s.staff;
  const running = runningEvents(s);
  const phoneMinutes = s.phones * minutes * s.foregroundShare;
  const sessionMinutes = (minutes * s.foregroundShare) / Math.max(1, s.foregroundSessions);
  // Phones receive their player's frames only while open; each resume sends at most one catch-up frame.
  const playerMessages = (s.knockouts * 1.33 + s.lateEntries + s.tableBreaks * 8 + s.players) * s.foregroundShare;
  const framesOut = running * s.screens + (running + s.preStartEvents + s.deskEventsAfter) * s.staff + playerMessages;
  const resumes = s.phones * s.foregroundSessions;
  const connects = kept * Math.ceil(s.hours / s.maxConnectionHours) + resumes;
  const pings = kept * Math.floor(minutes / s.pingIntervalMin) + resumes * Math.floor(sessionMinutes / s.pingIntervalMin);
  // Each resume's catch-up frame; each connect's subscribe and its `subscribed` answer.
  const messages = framesOut + resumes + 2 * connects + pings;
  // Away between sessions, a phone misses the events of that time: replayed from the log up to the bound;
  // past it, its player topic's catch-up is the player's standing from the state the resume reads anyway.
  const awayMinutes = (minutes * (1 - s.foregroundShare)) / Math.max(1, s.foregroundSessions);
  const missed = ((running + s.preStartEvents) / minutes) * awayMinutes;
  const replayed = missed <= MAX_REPLAY_EVENTS;
  const resumeRru = resumes * (WORK.resumeRru + (replayed ? missed * WORK.replayRruPerEvent : 0));
  const perPlayer = Object.values(pushesPerPlayer(s)).reduce((a, b) => a + b, 0);
  const pushes = s.players * perPlayer;
  const events = running + s.preStartEvents + s.deskEventsAfter;
  const topicMessages = running * 3 + s.preStartEvents * 2 + s.deskEventsAfter;
  const rru =
    topicMessages * WORK.topicQueryRru +
    events * WORK.markRru +
    connects * WORK.connectCycleRru +
    resumeRru +
    pushes * WORK.pushRru +
    s.levelChanges * Math.max(1, Math.ceil((s.players * s.levelPushShare * WORK.levelAskerItemBytes) / 4096)) * WORK.levelAskersRruPer4Kb;
  const wru = events * WORK.markWru + connects * WORK.connectCycleWru + pushes * WORK.pushWru;
  const lines = [
    {
      item: 'API Gateway connection minutes',
      quantity: `${n0(kept * minutes + phoneMinutes)} min (${kept} screens and tablets x ${minutes} min, ${s.phones} phones x ${n0(minutes * s.foregroundShare)} min)`,
      usd: ((kept * minutes + phoneMinutes) / 1e6) * LIVE_PRICES.perMillionConnectionMinutes,
    },
    {
      item: 'API Gateway messages',
      quantity: `${n0(messages)} (${n0(framesOut)} updates, ${n0(resumes)} catch-ups, ${n0(pings)} pings, ${n0(connects)} subscribes and their answers)`,
      usd: (messages / 1e6) * LIVE_PRICES.perMillionWebSocketMessages,
    },
    {
      item: 'Lambda: connect, subscribe and resume, disconnect',
      quantity: `${n0(connects * WORK.connectCycleInvocations)} invocations`,
      usd: lambdaUsd(connects * WORK.connectCycleInvocations, connects * WORK.connectCycleMs, s.lambdaMemoryMb),
    },
    {
      item: 'REST reads past the replay bound',
      quantity: `none (${n0(missed)} events missed per resume; past the bound of ${MAX_REPLAY_EVENTS} the catch-up is the player's standing)`,
      usd: 0,
    },
    {
      item: 'Lambda: fan-out and pushes in the stream consumer',
      quantity: `${n0((framesOut * WORK.postMs + pushes * WORK.pushMs) / 1000)} s (no extra invocations)`,
      usd: lambdaUsd(0, framesOut * WORK.postMs + pushes * WORK.pushMs, s.lambdaMemoryMb),
    },
    {
      item: 'SNS mobile push',
      quantity: `${n0(pushes)} (${perPlayer.toFixed(1)} per player)`,
      usd: (pushes / 1e6) * LIVE_PRICES.perMillionMobilePushes,
    },
    {
      item: 'DynamoDB: topics, marks, connections, resumes, push choices',
      quantity: `${n0(rru)} RRU, ${n0(wru)} WRU`,
      usd: (rru / 1e6) * PRICES.perMillionRru + (wru / 1e6) * PRICES.perMillionWru,
    },
  ];
  return {
    label: `Push-first (${kept} sockets kept, ${s.phones} phones)`,
    lines,
    usd: lines.reduce((a, l) => a + l.usd, 0),
    frames: framesOut,
  };
}

/** The whole evening's target: the tournament, live updates and pushes. */
export const EVENING_TARGET_USD = 0.015;

/** Markdown, like the rest of the cost report. `tournamentUsd`: the measured tournament of the same field, if played. */
export function renderLiveCost(s: LiveScenario = DEFAULT_SCENARIO, targetUsd = 0.05, tournamentUsd?: number): string {
  const socket = socketCost(s);
  const polling = pollingCost(s);
  const push = pushFirstCost(s);
  const perPlayer = pushesPerPlayer(s);
  // No phone on a socket: the frames left are the screens' and tablets'.
  const pushOnly = pushFirstCost({ ...s, phones: 0, foregroundShare: 0 });
  const keptFrames = pushOnly.frames;
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
    `${s.knockouts} knockouts, ${s.lateEntries} late entries, ${s.levelChanges} level changes, ${s.tableBreaks} table breaks, ${s.preStartEvents} events before the start, ${s.deskEventsAfter} settlements at the desk after it.`,
    `Pings every ${s.pingIntervalMin} min (API Gateway's idle limit is 10), a new connection every ${s.maxConnectionHours} h; Lambda at ${s.lambdaMemoryMb} MB.`,
    '',
    ...table(socket),
    '',
    ...table(polling),
    '',
    `Push-first assumptions: a phone is in the foreground ${Math.round(s.foregroundShare * 100)}% of the ${s.hours} hours in ${s.foregroundSessions} sessions,`,
    `each resuming from the last version seen; pushes per player: ${Object.entries(perPlayer)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ')} (levels: ${Math.round(s.levelPushShare * 100)}% of players asked);`,
    'clock screens and floor tablets keep their sockets all evening.',
    '',
    ...table(push),
    '',
    `Socket path: ${usd(socket.usd)} (target under ${usd(targetUsd)}: ${socket.usd < targetUsd ? 'met' : 'NOT met'}); polling: ${usd(polling.usd)}, ${(polling.usd / socket.usd).toFixed(1)}x the socket.`,
    `Push-first: ${usd(push.usd)}, ${(socket.usd / push.usd).toFixed(1)}x less than phones always connected; with no phone on a socket at all (pushes only) ${usd(pushOnly.usd)}, of which the ${s.screens + s.staff} screens' and tablets' ${n0(keptFrames)} frames are ${usd((keptFrames / 1e6) * LIVE_PRICES.perMillionWebSocketMessages)}.`,
    tournamentUsd === undefined
      ? `The whole evening (tournament + push-first live): play the tournament (npm run bench:cost -- --sizes ${s.players}) to price it against the target ${usd(EVENING_TARGET_USD)}.`
      : `**The whole ${s.players}-player evening: ${usd(tournamentUsd)} tournament (measured above) + ${usd(push.usd)} live and pushes = ${usd(tournamentUsd + push.usd)}** (target under ${usd(EVENING_TARGET_USD)}: ${tournamentUsd + push.usd < EVENING_TARGET_USD ? 'met' : 'NOT met'}).`,
    'Idle connections cost connection minutes only: the server keeps no timer or poll per connection.',
  ].join('\n');
}
