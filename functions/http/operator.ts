import { defineRoute } from '../platform/route';
import { domainContext, iso } from '../platform/domain-context';
import { problem } from '../platform/problem';
import { clubRecord, moderationRecord } from '../store/records/club';
import { playerRecord } from '../store/records/player';
import { getRecord, putRequest, updateRequest, writeTransaction } from '../store/table/record-ops';
import { clubCatalogKey } from '../store/club-catalog';
import { ClubIdParams } from '../../schemas/common';
import { PlayerParams, SuspensionBody, SuspensionResult } from '../../schemas/players';

const TAGS = ['Moderation'];

/** R-MOD-1: a suspension flips the flag and appends an audit record, in one transaction. */
export const setClubSuspensionRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setClubSuspension',
  access: { kind: 'operator' },
  method: 'POST',
  path: '/v1/operator/clubs/{clubId}/suspension',
  summary: "Suspend or unsuspend a club (its staff get 403; its data is kept) (R-MOD-1, R-CLUB-4)",
  tags: TAGS,
  params: ClubIdParams,
  body: SuspensionBody,
  responses: { 200: { description: 'The new state', schema: SuspensionResult } },
  handle: async (req) => {
    const { clubId } = req.params;
    const ctx = domainContext(req, 'operator');
    const at = iso(req.now);
    const club = await getRecord(clubRecord, { clubId }, { attributes: ['clubId', 'name', 'city', 'updatedAt'] });
    if (!club) throw problem(404, 'CLUB_NOT_FOUND', 'No such club');
    // A suspended club leaves the public catalogue (R-CLUB-4); unsuspended, it comes back.
    const catalogKey = clubCatalogKey({ clubId, name: club.name, city: club.city, suspended: req.body.suspended });
    const { canceled } = await writeTransaction([
      {
        Update: updateRequest(
          clubRecord,
          { clubId },
          {
            set: { suspended: req.body.suspended, suspendedReason: req.body.reason, updatedAt: at, ...(catalogKey ? { catalogKey } : {}) },
            remove: catalogKey ? [] : ['catalogKey'],
          },
          { where: { equals: { updatedAt: club.updatedAt } } },
        ),
      },
      {
        Put: putRequest(
          moderationRecord,
          { targetKey: `club#${clubId}`, actionId: ctx.newId('mod'), at, action: req.body.suspended ? 'suspend' : 'unsuspend', reason: req.body.reason, by: ctx.actor.id },
          { itemAbsent: true },
        ),
      },
    ]);
    if (canceled) throw problem(409, 'CONFLICT', 'The club changed meanwhile; retry');
    return { status: 200, body: { targetId: clubId, suspended: req.body.suspended, reason: req.body.reason, by: ctx.actor.id, at } };
  },
});

export const setPlayerSuspensionRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setPlayerSuspension',
  access: { kind: 'operator' },
  method: 'POST',
  path: '/v1/operator/players/{playerId}/suspension',
  summary: "Suspend or unsuspend a player's account (R-MOD-1)",
  tags: TAGS,
  params: PlayerParams,
  body: SuspensionBody,
  responses: { 200: { description: 'The new state', schema: SuspensionResult } },
  handle: async (req) => {
    const userId = req.params.playerId;
    const ctx = domainContext(req, 'operator');
    const at = iso(req.now);
    const player = await getRecord(playerRecord, { userId }, { attributes: ['userId'] });
    if (!player) throw problem(404, 'PLAYER_NOT_FOUND', 'No such player');
    const { canceled } = await writeTransaction([
      { Update: updateRequest(playerRecord, { userId }, { set: { suspended: req.body.suspended, suspendedReason: req.body.reason, updatedAt: at } }) },
      {
        Put: putRequest(
          moderationRecord,
          { targetKey: `player#${userId}`, actionId: ctx.newId('mod'), at, action: req.body.suspended ? 'suspend' : 'unsuspend', reason: req.body.reason, by: ctx.actor.id },
          { itemAbsent: true },
        ),
      },
    ]);
    if (canceled) throw problem(409, 'CONFLICT', 'The player changed meanwhile; retry');
    return { status: 200, body: { targetId: userId, suspended: req.body.suspended, reason: req.body.reason, by: ctx.actor.id, at } };
  },
});

export const operatorRoutes = [setClubSuspensionRoute, setPlayerSuspensionRoute];
