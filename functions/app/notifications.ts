import { readFeed } from '../adapters/notifications/feed';

/**
 * A page of the player's notifications, newest first (GET /v1/me/notifications): what the feed channel
 * delivered, with the profile it read on the way for the account check.
 */
export function myNotifications(
  playerId: string,
  page: { limit: number; cursor: string | null; now: number },
): ReturnType<typeof readFeed> {
  return readFeed(playerId, page);
}
