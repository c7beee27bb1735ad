import { defineRoute } from '../platform/route';
import { problem } from '../platform/problem';
import { requireTournament, type StoredTournament } from '../store/tournament-store';
import { addon, checkIn, reenter, rebuy, register, type Entry as EntryRecord, type OtherRegistration } from '../../domain/tournaments';
import type { FloorTournament } from '../../domain/floor/aggregate';
import type { Context } from '../../domain/core/context';
import { clockView, playingLevelsBefore } from '../../domain/clock';
import { entryAt, forcedBetsPostedAt } from '../../domain/floor/dead-stacks';
import { seatNewEntries } from '../../domain/floor/seat-new-entries';
import * as z from '../../schemas/zod';
import { AddonBody, CreateEntryBody, Entry, EntryParams, RebuyBody, TournamentParams, Versioned } from '../../schemas/tournaments';
import { recordView, runTournamentCommand, versioned } from './tournament-support';
import { registeringPlayerItems, withParallelGuard } from './player-registrations';
import { requirePlayer } from './registrations';

const TAGS = ['Entries'];

export const entryView = (e: EntryRecord) => recordView(e, 'entryId');

/** R-REBUY-2: the playing levels the clock has left behind (rebuyEndsAtLevel). */
const playingLevelsPassed = (s: StoredTournament, now: number): number =>
  s.clock ? playingLevelsBefore(s.clock.structure, clockView(s.clock.timer, s.clock.structure, now).current.levelIndex) : 0;

/** R-CLK-4: breaks the clock has reached, which gates the add-on window (R-ADDON-2). */
const breaksPassed = (s: StoredTournament, now: number): number =>
  s.clock ? clockView(s.clock.timer, s.clock.structure, now).breaksPassed : 0;

export const listEntriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listEntries',
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/entries',
  summary: 'Entries (first entries and re-entries) with their status and chips granted',
  tags: TAGS,
  params: TournamentParams,
  query: z.strictObject({ status: z.enum(['active', 'busted', 'void']).optional(), playerId: z.string().optional() }),
  responses: { 200: { description: 'All entries', schema: z.object({ version: z.number().int(), items: z.array(Entry) }) } },
  handle: async (req) => {
    const { state } = await requireTournament(req.params.clubId, req.params.tournamentId);
    // A dead stack shows what it has posted so far by the clock (R-NOSHOW-2).
    const posted = forcedBetsPostedAt(state, req.now);
    const items = Object.values(state.entries)
      .filter((e) => (!req.query.status || e.status === req.query.status) && (!req.query.playerId || e.playerId === req.query.playerId))
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .map((e) => entryView(entryAt(e, posted)));
    return versioned(200, state.version, { version: state.version, items });
  },
});

export const createEntryRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createEntry',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/entries',
  summary: 'Late buy-in (register and check in at once, R-LATE-1) or re-entry after a bust (R-REENTRY-1..4); seated at once when seating is drawn',
  tags: TAGS,
  params: TournamentParams,
  body: CreateEntryBody,
  responses: { 201: { description: 'The new entry', schema: Versioned(Entry) } },
  problems: [409, 422],
  prefetch: registeringPlayerItems('playerId'),
  handle: async (req) => {
    const { playerId, kind } = req.body;
    const command = (others: OtherRegistration[]) => (s: FloorTournament, ctx: Context) => {
      if (kind === 'reentry') {
        const r = reenter(s, { playerId }, ctx);
        return seatNewEntries(r.state, r.events, ctx);
      }
      const reg = register(s, { playerId, otherRegistrations: others }, ctx);
      const created = reg.events.find((e) => e.type === 'registration.created');
      const registrationId = created && 'registrationId' in created ? created.registrationId : '';
      const inn = checkIn(reg.state, { registrationId, forcedBetsPosted: forcedBetsPostedAt(s, ctx.now) }, ctx);
      // Beyond the seat limit the registration would only wait (R-REG-2): no entry to answer with, so
      // nothing is written and the desk uses the waitlist (register, then check in) instead.
      if (inn.state.registrations[registrationId]?.entryId === undefined) {
        throw problem(409, 'SEAT_LIMIT_REACHED', 'The tournament is full: register the player on the waitlist instead of a late buy-in');
      }
      return seatNewEntries(inn.state, [...reg.events, ...inn.events], ctx);
    };
    let outcome: Awaited<ReturnType<typeof runTournamentCommand>>;
    if (kind === 'late_registration') {
      // A late buy-in registers the player: R-REG-1 under the player's schedule, as a registration.
      outcome = await withParallelGuard(playerId, { ...req.params, now: req.now }, ({ others, companions }) => runTournamentCommand(req, command(others), companions), req.prefetched);
    } else {
      await requirePlayer(playerId, req.prefetched);
      outcome = await runTournamentCommand(req, command([]));
    }
    const newest = Object.values(outcome.state.entries)
      .filter((e) => e.playerId === playerId)
      .sort((a, b) => b.number - a.number)[0] as EntryRecord;
    return versioned(201, outcome.version, { version: outcome.version, item: entryView(newest) });
  },
});

export const rebuyRoute = /* @__PURE__ */ defineRoute({
  operationId: 'rebuy',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/entries/{entryId}/rebuys',
  summary: 'Rebuy: tops up the entry by the starting stack at the rebuy price; no new entry (R-REBUY-1, R-REBUY-2)',
  tags: TAGS,
  params: EntryParams,
  body: RebuyBody,
  responses: { 200: { description: 'The entry', schema: Versioned(Entry) } },
  problems: [409, 422],
  handle: async (req) => {
    const outcome = await runTournamentCommand(req, (s, ctx) =>
      rebuy(
        s,
        {
          entryId: req.params.entryId,
          playingLevelsPassed: playingLevelsPassed(s, ctx.now),
          ...(req.body.currentChips !== undefined ? { currentChips: req.body.currentChips } : {}),
        },
        ctx,
      ),
    );
    const entry = outcome.state.entries[req.params.entryId] as EntryRecord;
    return versioned(200, outcome.version, { version: outcome.version, item: entryView(entry) });
  },
});

export const addonRoute = /* @__PURE__ */ defineRoute({
  operationId: 'addon',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/entries/{entryId}/addons',
  summary: 'Add-on in its window (deadline or the clock at break N, R-ADDON-1..3)',
  tags: TAGS,
  params: EntryParams,
  body: AddonBody,
  responses: { 200: { description: 'The entry', schema: Versioned(Entry) } },
  problems: [409, 422],
  handle: async (req) => {
    const outcome = await runTournamentCommand(req, (s, ctx) =>
      addon(s, { entryId: req.params.entryId, breaksPassed: breaksPassed(s, ctx.now) }, ctx),
    );
    const entry = outcome.state.entries[req.params.entryId] as EntryRecord;
    return versioned(200, outcome.version, { version: outcome.version, item: entryView(entry) });
  },
});

export const entryRoutes = [listEntriesRoute, createEntryRoute, rebuyRoute, addonRoute];
