import { recordValues } from '../../domain/core/record-map';
import { defineRoute } from '../platform/route';
import { tournamentState } from '../app/tournaments/queries';
import type { Entry as EntryRecord } from '../../domain/tournaments';
import { entryAt, forcedBetsPostedAt } from '../../domain/floor/dead-stacks';
import { addonEntry, createEntry, rebuyEntry } from '../app/tournaments/entries';
import * as z from '../../schemas/zod';
import { AddonBody, CreateEntryBody, Entry, EntryParams, RebuyBody, TournamentParams, Versioned } from '../../schemas/tournaments';
import { commandOf, recordView, versioned } from './tournament-support';
import { registeringPlayerItems } from '../app/tournaments/registrations';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Entries'];

export const entryView = (e: EntryRecord) => recordView(e, 'entryId');

/** An entry command's answer: the entry as it is after, with the new version. */
const entryAnswer = (status: number, r: { version: number; value: EntryRecord }) =>
  versioned(status, r.version, { version: r.version, item: entryView(r.value) });

export const listEntriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listEntries',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/entries',
  summary: 'Entries (first entries and re-entries) with their status and chips granted',
  tags: TAGS,
  params: TournamentParams,
  query: z.strictObject({ status: z.enum(['active', 'busted', 'void']).optional(), playerId: z.string().optional() }),
  responses: { 200: { description: 'All entries', schema: z.object({ version: z.number().int(), items: z.array(Entry) }) } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    // A dead stack shows what it has posted so far by the clock (R-NOSHOW-2).
    const posted = forcedBetsPostedAt(state, req.now);
    const items = recordValues(state.entries)
      .filter((e) => (!req.query.status || e.status === req.query.status) && (!req.query.playerId || e.playerId === req.query.playerId))
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .map((e) => entryView(entryAt(e, posted)));
    return versioned(200, state.version, { version: state.version, items });
  },
});

export const createEntryRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createEntry',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/entries',
  summary:
    'Late buy-in (register and check in at once, R-LATE-1) or re-entry after a bust (R-REENTRY-1..4); seated at once when seating is drawn',
  tags: TAGS,
  params: TournamentParams,
  body: CreateEntryBody,
  responses: { 201: { description: 'The new entry', schema: Versioned(Entry) } },
  problems: [409, 422],
  prefetch: registeringPlayerItems('playerId'),
  handle: async (req) => entryAnswer(201, await createEntry(commandOf(req), req.body, req.prefetched)),
});

export const rebuyRoute = /* @__PURE__ */ defineRoute({
  operationId: 'rebuy',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/entries/{entryId}/rebuys',
  summary: 'Rebuy: tops up the entry by the starting stack at the rebuy price; no new entry (R-REBUY-1, R-REBUY-2)',
  tags: TAGS,
  params: EntryParams,
  body: RebuyBody,
  responses: { 200: { description: 'The entry', schema: Versioned(Entry) } },
  problems: [409, 422],
  handle: async (req) =>
    entryAnswer(200, await rebuyEntry(commandOf(req), { entryId: req.params.entryId, currentChips: req.body.currentChips })),
});

export const addonRoute = /* @__PURE__ */ defineRoute({
  operationId: 'addon',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/entries/{entryId}/addons',
  summary: 'Add-on in its window (deadline or the clock at break N, R-ADDON-1..3)',
  tags: TAGS,
  params: EntryParams,
  body: AddonBody,
  responses: { 200: { description: 'The entry', schema: Versioned(Entry) } },
  problems: [409, 422],
  handle: async (req) => entryAnswer(200, await addonEntry(commandOf(req), req.params.entryId)),
});

export const entryRoutes = [listEntriesRoute, createEntryRoute, rebuyRoute, addonRoute];
