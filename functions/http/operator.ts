import { defineRoute } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { setClubSuspension, setPlayerSuspension } from '../app/operator';
import { ClubIdParams } from '../../schemas/common';
import { PlayerParams, SuspensionBody, SuspensionResult } from '../../schemas/players';

const TAGS = ['Moderation'];

/** R-MOD-1: a suspension flips the flag and appends an audit record, in one transaction. */
export const setClubSuspensionRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setClubSuspension',
  access: { kind: 'operator' },
  method: 'POST',
  path: '/v1/operator/clubs/{clubId}/suspension',
  summary: 'Suspend or unsuspend a club (its staff get 403; its data is kept) (R-MOD-1, R-CLUB-4)',
  tags: TAGS,
  params: ClubIdParams,
  body: SuspensionBody,
  responses: { 200: { description: 'The new state', schema: SuspensionResult } },
  handle: async (req) => ({
    status: 200,
    body: await setClubSuspension(req.params.clubId, req.body, domainContext(req, 'operator')),
  }),
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
  handle: async (req) => ({
    status: 200,
    body: await setPlayerSuspension(req.params.playerId, req.body, domainContext(req, 'operator')),
  }),
});

export const operatorRoutes = [setClubSuspensionRoute, setPlayerSuspensionRoute];
