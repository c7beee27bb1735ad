/** Something a player should know about one of their tournaments. */
export interface PlayerNotification {
  /** Deterministic per event, so a repeated publish of the same event is one notification. */
  id: string;
  type: string;
  /** UTC ms when it happened (a level end is its exact time). */
  at: number;
  clubId: string;
  tournamentId: string;
  /** A short line a client can show as it is. */
  title: string;
  data: Record<string, unknown>;
}

/**
 * Delivery to players. The feed (what GET /v1/me/notifications reads) is one channel; a push channel
 * is another implementation of this port, and `fanOut` sends to several.
 */
export interface NotificationPort {
  /**
   * `tournamentWide`: the notification is for everyone registered in the tournament (`playerIds` are they,
   * for channels that deliver one by one); the feed keeps it once for the tournament.
   */
  publish(playerIds: readonly string[], notification: PlayerNotification, opts?: { tournamentWide?: boolean }): Promise<void>;
  /**
   * Each notification to its own player, many at once (the seats of a draw, the results of a finish), so a
   * channel can write or read them in batches; a channel without it gets one `publish` each.
   */
  publishEach?(items: readonly PersonalNotification[]): Promise<void>;
  /**
   * The personal notifications of one field-wide event (a draw's seats, the results), which a channel may
   * keep once for the event rather than once per player (`ref` names the event); a channel without it
   * gets them through `publishEach`.
   */
  publishByReference?(ref: string, items: readonly PersonalNotification[]): Promise<void>;
}

/** One player's own notification. */
export interface PersonalNotification {
  playerId: string;
  notification: PlayerNotification;
}

/** Notifications of one player each, through a channel's batch call when it has one. */
export async function publishEach(port: NotificationPort, items: readonly PersonalNotification[]): Promise<void> {
  if (items.length === 0) return;
  if (port.publishEach) return port.publishEach(items);
  for (let i = 0; i < items.length; i += 16) {
    await Promise.all(items.slice(i, i + 16).map((d) => port.publish([d.playerId], d.notification)));
  }
}

/** One event's notifications of many players, by reference where the channel keeps them so. */
export async function publishByReference(port: NotificationPort, ref: string, items: readonly PersonalNotification[]): Promise<void> {
  if (items.length === 0) return;
  if (port.publishByReference) return port.publishByReference(ref, items);
  return publishEach(port, items);
}

export const fanOut = (...channels: NotificationPort[]): NotificationPort => ({
  publish: async (playerIds, n, opts) => {
    await Promise.all(channels.map((c) => c.publish(playerIds, n, opts)));
  },
  publishEach: async (items) => {
    await Promise.all(channels.map((c) => publishEach(c, items)));
  },
  publishByReference: async (ref, items) => {
    await Promise.all(channels.map((c) => publishByReference(c, ref, items)));
  },
});
