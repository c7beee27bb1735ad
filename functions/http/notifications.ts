import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { myNotifications } from '../app/notifications';
import { assertAccount } from '../platform/authorize';
import { PageQuery, page } from '../../schemas/common';
import { Notification } from '../../schemas/notifications';

export const listMyNotificationsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listMyNotifications',
  access: { kind: 'user', accountReadByRoute: true },
  method: 'GET',
  path: '/v1/me/notifications',
  summary: 'My notifications, newest first: level and break changes of my tournaments, no-show decisions, and more as they come',
  tags: ['Players'],
  query: PageQuery,
  responses: { 200: { description: 'A page of notifications', schema: page(Notification) } },
  handle: async (req) => {
    if (req.principal.kind !== 'user') throw new Error('user route without a user');
    const playerId = req.principal.userId;
    const scope = `notifications:${playerId}`;
    const feed = await myNotifications(playerId, {
      limit: req.query.limit ?? 20,
      cursor: openCursor(req.query.cursor, scope) ?? null,
      now: req.now,
    });
    // The profile came with the feed's first read (see readFeed): nothing is answered before it is checked.
    assertAccount(req, feed.profile);
    return { status: 200, body: { items: feed.items, nextCursor: sealCursor(feed.cursor, scope) } };
  },
});

export const notificationRoutes = [listMyNotificationsRoute];
