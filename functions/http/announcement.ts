import type * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/clock';
import { AnnouncementBody, AnnouncementView } from '../../schemas/announcement';
import { defineRoute } from '../platform/route';
import { club, FLOOR } from '../platform/authorization';
import { deleteAnnouncement, putAnnouncement } from '../app/tournaments/announcement';
import type { FloorTournament as StoredTournament } from '../../domain/floor/aggregate';
import { commandOf, versioned } from './tournament-support';

/** The line the floor puts on the clock screen (domain/floor/announcement.ts). */

const TAGS = ['Clock'];
const PATH = '/v1/clubs/{clubId}/tournaments/{tournamentId}/announcement';

const view = (state: StoredTournament, version: number): z.output<typeof AnnouncementView> => ({
  tournamentId: state.id,
  version,
  announcement: state.announcement
    ? { text: state.announcement.text, at: new Date(state.announcement.at).toISOString(), by: state.announcement.by }
    : null,
});

const responses = { 200: { description: 'The announcement now and the tournament version', schema: AnnouncementView } };

export const putAnnouncementRoute = /* @__PURE__ */ defineRoute({
  operationId: 'putAnnouncement',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PUT',
  path: PATH,
  summary:
    'Put a line on the clock screen (replacing the one there). Checked like other texts people read (R-MONEY-2); a text the checker would hold for review is refused, as a screen cannot wait for an operator',
  tags: TAGS,
  params: TournamentParams,
  body: AnnouncementBody,
  responses,
  problems: [409, 422],
  handle: async (req) => {
    const { state, version } = await putAnnouncement(commandOf(req), req.body.text);
    return versioned(200, version, view(state, version));
  },
});

export const deleteAnnouncementRoute = /* @__PURE__ */ defineRoute({
  operationId: 'deleteAnnouncement',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'DELETE',
  path: PATH,
  summary: 'Take the line off the clock screen (none there: nothing changes)',
  tags: TAGS,
  params: TournamentParams,
  responses,
  problems: [409],
  handle: async (req) => {
    const { state, version } = await deleteAnnouncement(commandOf(req));
    return versioned(200, version, view(state, version));
  },
});

export const announcementRoutes = [putAnnouncementRoute, deleteAnnouncementRoute];
