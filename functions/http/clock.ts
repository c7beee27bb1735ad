import { currentFieldViews } from '../../domain/floor/field-views';
import * as z from '../../schemas/zod';
import {
  addTime,
  adjust,
  breaksUpTo,
  clockView,
  levelDurationMs,
  next,
  overrideCurrentLevel,
  pause,
  previous,
  restartLevel,
  resume,
  start,
  upcomingLevels,
} from '../../domain/clock';
import type { BlindStructure } from '../../domain/clock';
import { prizeRowsForField } from '../../domain/tournaments/guaranteed-prizes';
import { colorUpAhead } from '../../domain/clock/color-ups';
import { chipSummary } from '../../domain/floor/chip-counts';
import { shootoutField } from './shootout-view';

import { apiHandForHand } from './hand-for-hand-view';
import { defineRoute } from '../platform/route';
import type { RouteRequest, RouteResult } from '../platform/route';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { publicRunningTournament, tournamentViewEtag } from './public-tournament';
import { noneMatch } from '../platform/conditional';
import { prizeRowHidden } from '../../domain/moderation/content';
import type { ClubBadge } from '../app/club-badge';
import { clockOf, completeClockRead, runClockCommand, type Clock, type ClockCommand } from '../app/clock';
import { commandOf } from './tournament-support';
import { idField } from '../runtime/prefetch';
import { clubItemKey } from '../app/clubs';
import { armedLevelEndKey } from '../app/jobs/schedules';
import { Id } from '../../schemas/common';
import { AddTimeBody, AdjustBody, ClockState, OverrideBody, TournamentParams } from '../../schemas/clock';
import { club, clubPublicView, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Clock'];

type Params = { clubId: string; tournamentId: string };

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The domain's view (UTC ms) as the API shows it (ISO times), with the structure it runs on. */
export function apiClockView(clock: Clock, now: number) {
  const v = clockView(clock.timer, clock.structure, now);
  return {
    status: v.status,
    revision: v.revision,
    now: new Date(v.now).toISOString(),
    structure: {
      structureId: clock.structure.id,
      name: clock.structure.name,
      anteType: clock.structure.anteType,
      levelCount: clock.structure.levels.length,
    },
    current: v.current,
    next: v.next,
    breakNumber: v.breakNumber,
    breaksPassed: v.breaksPassed,
    elapsedMs: v.elapsedMs,
    timeLeftMs: v.timeLeftMs,
    levelStartedAt: isoOrNull(v.levelStartedAt),
    levelEndsAt: isoOrNull(v.levelEndsAt),
    pausedAt: isoOrNull(v.pausedAt),
    finishedAt: isoOrNull(v.finishedAt),
  };
}

/** The next break after the current level, in clock time from the view's `now` (it stands still while paused). */
function nextBreakOf(structure: BlindStructure, view: ReturnType<typeof apiClockView>) {
  if (view.status === 'finished') return null;
  let startsInMs = view.timeLeftMs;
  for (let i = view.current.levelIndex + 1; i < structure.levels.length; i++) {
    if (structure.levels[i]?.isBreak) return { levelIndex: i, breakNumber: breaksUpTo(structure, i), startsInMs };
    startsInMs += levelDurationMs(structure, i);
  }
  return null;
}

/** Levels the screen lists after the current one. */
const UPCOMING_LEVELS = 3;

/** The clock screen's figures beside the clock: names, the field, the next levels and break, the prizes, the floor's line. */
function boardOf(state: FloorTournament, clock: Clock, view: ReturnType<typeof apiClockView>, club: ClubBadge, now: number) {
  // The field's counts as the state keeps them (domain/floor/field-views.ts), not a walk of it per GET.
  const field = currentFieldViews(state);
  // R-CHIP-1: chips in play, the average and the leader, as the chip-counts route reports them.
  const chips = chipSummary(state);
  const leader = chips.chipLeader;
  const leaderSeat = leader ? state.seating?.seatOf[leader.entryId] : undefined;
  // R-CHIP-2: the colour-up at the start of the next level, announced during this one.
  const colorUp = view.status === 'finished' ? null : colorUpAhead(clock.structure, view.current.levelIndex);
  // As the results cut a preset to the field (R-PRZ-2).
  const own = state.settings.prizes.filter((r, i) => !prizeRowHidden(state.contentModeration, i, r.description));
  // A prize row the operator hid is not shown on the screen (R-MOD-1).
  const rows = state.settings.prizePreset ? prizeRowsForField(state.settings, field.entries.entries) : own;
  // R-GTD-1: a guaranteed structure says so on the screen's data.
  const guaranteed = state.settings.prizesGuaranteed === true ? { guaranteed: true } : {};
  return {
    clubName: club.name,
    clubLogo: club.logo,
    tournamentName: state.settings.name,
    entries: field.entries.entries,
    playersLeft: chips.playersLeft,
    chipsInPlay: chips.chipsInPlay.total,
    averageStack: chips.averageStack,
    nextBreak: nextBreakOf(clock.structure, view),
    prizes: rows.map((r) =>
      'place' in r ? { placeFrom: r.place, placeTo: r.place, description: r.description, ...guaranteed } : { ...r, ...guaranteed },
    ),
    startingStack: state.settings.startingStack,
    rebuys: field.chips.rebuyCount,
    addOns: field.chips.addOnCount,
    upcoming: upcomingLevels(clock.timer, clock.structure, now, UPCOMING_LEVELS),
    announcement: state.announcement?.text ?? null,
    chipLeader: leader
      ? {
          chips: leader.chips,
          entryId: leader.entryId,
          tableNumber: leaderSeat ? (state.seating?.tables[leaderSeat.tableId]?.number ?? null) : null,
          seat: leaderSeat ? leaderSeat.seat + 1 : null,
        }
      : null,
    colorUp: colorUp ? { ...colorUp, startsInMs: view.timeLeftMs } : null,
    ...shootoutField(state),

    // R-HFH-1: hand-for-hand, the hand in play and the tables still playing it.
    handForHand: apiHandForHand(state),
  };
}

const stateBody = (state: FloorTournament, clock: Clock, now: number) => ({
  tournamentId: state.id,
  version: state.version,
  clock: apiClockView(clock, now),
});

/** One clock command (app/clock.ts), answered with the clock now and the new version. */
async function clockCommandRoute(
  req: RouteRequest<Params, unknown, unknown>,
  command: ClockCommand,
  structureId?: string,
): Promise<RouteResult> {
  const { state, value: clock, version } = await runClockCommand(commandOf(req), command, structureId);
  return { status: 200, body: stateBody(state, clock, req.now), headers: { etag: `"${version}"` } };
}

const CLOCK_PATH = '/v1/clubs/{clubId}/tournaments/{tournamentId}/clock';
const commandResponses = { 200: { description: 'The clock now and the new tournament version', schema: ClockState } };

export const getClockRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getClock',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  etag: true,
  method: 'GET',
  path: CLOCK_PATH,
  summary:
    'The clock now: level, blinds, ante, time left, next level, break, breaks passed (R-CLK-3). Public while the tournament runs; staff read it always',
  tags: TAGS,
  params: TournamentParams,
  responses: {
    200: { description: 'The clock, with the board the clock screen shows', schema: ClockState },
    304: {
      description: 'If-None-Match names the current version (and, in a public answer, the club’s logo) and only time has passed since',
    },
  },
  problems: [409],
  // The board shows the club's name and a read checks the level end is armed: a staff request reads both
  // with its authorization. Screens (no user) keep the container's copies and read what those miss in one
  // round trip after the tournament (completeClockRead).
  prefetch: ({ params, userId }) => {
    const clubId = idField(params, 'clubId');
    const tournamentId = idField(params, 'tournamentId');
    return clubId && tournamentId && userId ? [clubItemKey(clubId), armedLevelEndKey(tournamentId)] : [];
  },
  handle: async (req) => {
    // The clock screen polls: a read a moment stale is harmless there (publicRunningTournament).
    const state = await publicRunningTournament(req);
    const clock = await clockOf(state);
    const body = stateBody(state, clock, req.now);
    const club = await completeClockRead(state, { now: req.now, prefetched: req.prefetched });
    const headers = { 'cache-control': 'no-store', etag: tournamentViewEtag(state.version, club.logo, req.club === undefined) };
    // The version names the stored clock, but a level end that has passed shows before its job stores
    // it: a 304 only when the view is the stored level, so unchanged means "only time has passed".
    const stored = clock.timer;
    const advanced = body.clock.current.levelIndex !== stored.levelIndex || body.clock.status !== stored.status;
    if (!advanced && noneMatch(req.headers['if-none-match'], headers.etag)) return { status: 304, headers };
    const board = boardOf(state, clock, body.clock, club, req.now);
    return { status: 200, body: { ...body, board }, headers };
  },
});

const StartBody = z
  .strictObject({ structureId: Id.optional().openapi({ description: "a club's or default structure instead of the settings' one" }) })
  .optional()
  .openapi('ClockStart');

export const startClockRoute = /* @__PURE__ */ defineRoute({
  operationId: 'startClock',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: `${CLOCK_PATH}/start`,
  summary:
    'Start the clock on level 1 of the structure frozen with the settings (R-LIFE-2); structureId, if given, must name that same structure',
  tags: TAGS,
  params: TournamentParams,
  body: StartBody,
  responses: commandResponses,
  problems: [409],
  handle: (req) => clockCommandRoute(req, start, req.body?.structureId),
});

const simpleCommand = (operationId: string, action: string, summary: string, command: ClockCommand) =>
  defineRoute({
    operationId,
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    method: 'POST',
    path: `${CLOCK_PATH}/${action}`,
    summary,
    tags: TAGS,
    params: TournamentParams,
    responses: commandResponses,
    problems: [409],
    handle: (req) => clockCommandRoute(req, command),
  });

export const pauseClockRoute = simpleCommand('pauseClock', 'pause', 'Pause the clock (the pending level end is cancelled)', pause);
export const resumeClockRoute = simpleCommand('resumeClock', 'resume', 'Resume the clock; the pause does not count', resume);
export const nextLevelRoute = simpleCommand('nextLevel', 'next', 'Go to the next level now, from its full time (not past the last)', next);
export const previousLevelRoute = simpleCommand('previousLevel', 'previous', 'Go back to the previous level, from its full time', previous);
export const restartLevelRoute = simpleCommand(
  'restartLevel',
  'restart-level',
  'Start the current level over from its full time',
  restartLevel,
);

export const adjustLevelRoute = /* @__PURE__ */ defineRoute({
  operationId: 'adjustLevel',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: `${CLOCK_PATH}/adjust`,
  summary: 'Move the clock by a whole number of levels (+ forward, - back); never clamped',
  tags: TAGS,
  params: TournamentParams,
  body: AdjustBody,
  responses: commandResponses,
  problems: [409, 422],
  handle: (req) => clockCommandRoute(req, (t, s, now) => adjust(t, s, now, req.body.by)),
});

export const addClockTimeRoute = /* @__PURE__ */ defineRoute({
  operationId: 'addClockTime',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'POST',
  path: `${CLOCK_PATH}/add-time`,
  summary: 'Add time to the current level (or take some away); the time left stays within the level (R-CLK-3)',
  tags: TAGS,
  params: TournamentParams,
  body: AddTimeBody,
  responses: commandResponses,
  problems: [409, 422],
  handle: (req) => clockCommandRoute(req, (t, s, now) => addTime(t, s, now, req.body.seconds)),
});

export const overrideCurrentLevelRoute = /* @__PURE__ */ defineRoute({
  operationId: 'overrideCurrentLevel',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PUT',
  path: `${CLOCK_PATH}/current-level`,
  summary: 'Override the blinds and ante of the current level for this tournament (small > 0, big >= small)',
  tags: TAGS,
  params: TournamentParams,
  body: OverrideBody,
  responses: commandResponses,
  problems: [409, 422],
  handle: (req) => clockCommandRoute(req, (t, s, now) => overrideCurrentLevel(t, s, now, req.body)),
});

export const clockRoutes = [
  getClockRoute,
  startClockRoute,
  pauseClockRoute,
  resumeClockRoute,
  nextLevelRoute,
  previousLevelRoute,
  adjustLevelRoute,
  restartLevelRoute,
  overrideCurrentLevelRoute,
  addClockTimeRoute,
];
