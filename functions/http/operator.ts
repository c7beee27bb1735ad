import { defineRoute } from '../platform/route';
import { domainContext, iso } from '../platform/domain-context';
import { problem } from '../platform/problem';
import { entities, store } from '../store/entities';
import { defined } from '../store/entities/items';
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
  summary: 'Suspend or unsuspend a club (its staff get 403; its data is kept) (R-MOD-1, R-CLUB-4)',
  tags: TAGS,
  params: ClubIdParams,
  body: SuspensionBody,
  responses: { 200: { description: 'The new state', schema: SuspensionResult } },
  handle: async (req) => {
    const { clubId } = req.params;
    const ctx = domainContext(req, 'operator');
    const at = iso(req.now);
    const { data: club } = await entities()
      .club.get({ clubId })
      .go({ attributes: ['clubId', 'name', 'city', 'updatedAt'] });
    if (!club) throw problem(404, 'CLUB_NOT_FOUND', 'No such club');
    // A suspended club leaves the public catalogue (R-CLUB-4); unsuspended, it comes back.
    const catalogKey = clubCatalogKey({ clubId, name: club.name, city: club.city, suspended: req.body.suspended });
    const { canceled } = await store()
      .transaction.write(({ club: clubs, moderation }) => {
        const update = clubs.patch({ clubId }).set(
          defined({
            suspended: req.body.suspended,
            suspendedReason: req.body.reason,
            updatedAt: at,
            ...(catalogKey ? { catalogKey } : {}),
          }),
        );
        return [
          (catalogKey ? update : update.remove(['catalogKey'])).where((c, { eq }) => eq(c.updatedAt, club.updatedAt)).commit(),
          moderation
            .create({
              targetKey: `club#${clubId}`,
              actionId: ctx.newId('mod'),
              at,
              action: req.body.suspended ? 'suspend' : 'unsuspend',
              reason: req.body.reason,
              by: ctx.actor.id,
            })
            .commit(),
        ];
      })
      .go();
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
    const { data: player } = await entities()
      .player.get({ userId })
      .go({ attributes: ['userId'] });
    if (!player) throw problem(404, 'PLAYER_NOT_FOUND', 'No such player');
    const { canceled } = await store()
      .transaction.write(({ player: players, moderation }) => [
        players
          .patch({ userId })
          .set(defined({ suspended: req.body.suspended, suspendedReason: req.body.reason, updatedAt: at }))
          .commit(),
        moderation
          .create({
            targetKey: `player#${userId}`,
            actionId: ctx.newId('mod'),
            at,
            action: req.body.suspended ? 'suspend' : 'unsuspend',
            reason: req.body.reason,
            by: ctx.actor.id,
          })
          .commit(),
      ])
      .go();
    if (canceled) throw problem(409, 'CONFLICT', 'The player changed meanwhile; retry');
    return { status: 200, body: { targetId: userId, suspended: req.body.suspended, reason: req.body.reason, by: ctx.actor.id, at } };
  },
});

export const operatorRoutes = [setClubSuspensionRoute, setPlayerSuspensionRoute];
