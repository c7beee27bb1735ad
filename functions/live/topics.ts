import * as z from '../../schemas/zod';
import { Id } from '../../schemas/common';

/**
 * What a live connection may subscribe to:
 * - `tournament`: a tournament's public clock, standings and table picture (anyone, as the public clock);
 * - `player`: the caller's own seats and registrations (that player only);
 * - `staff`: a tournament's tables with who sits where, and every domain event (the club's staff, by the
 *   same rule as GET .../tables in the REST authorization table).
 */
export const Topic = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tournament'), clubId: Id, tournamentId: Id }),
  z.strictObject({ kind: z.literal('player'), playerId: Id }),
  z.strictObject({ kind: z.literal('staff'), clubId: Id, tournamentId: Id }),
]);
export type Topic = z.infer<typeof Topic>;

/** Topics one connection may hold: a screen needs one, a floor tablet a few. */
export const MAX_TOPICS = 20;

/** An event version as the frames carry it (the log's sort key holds 12 digits). */
const Version = z.number().int().min(0).max(999_999_999_999);

/**
 * A topic to subscribe to, with the last version the client saw on it (`since`), so that what it missed
 * is replayed from the tournament's log: a number on the tournament and staff topics; on a player topic,
 * which spans tournaments, the tournament whose log to replay and its version.
 */
export const SubscribeTopic = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tournament'), clubId: Id, tournamentId: Id, since: Version.optional() }),
  z.strictObject({
    kind: z.literal('player'),
    playerId: Id,
    since: z.strictObject({ clubId: Id, tournamentId: Id, version: Version }).optional(),
  }),
  z.strictObject({ kind: z.literal('staff'), clubId: Id, tournamentId: Id, since: Version.optional() }),
]);
export type SubscribeTopic = z.infer<typeof SubscribeTopic>;

/** The topic without its resume point. */
export function bareTopic(t: SubscribeTopic): Topic {
  return t.kind === 'player' ? { kind: 'player', playerId: t.playerId } : { kind: t.kind, clubId: t.clubId, tournamentId: t.tournamentId };
}

/** What a client sends (API Gateway selects the route by `action`). */
export const ClientMessage = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('subscribe'), topics: z.array(SubscribeTopic).min(1).max(MAX_TOPICS) }),
  // Keeps an idle connection open past API Gateway's 10-minute idle limit; not answered.
  z.strictObject({ action: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** The topic as a key of the table (ids never hold `/`). */
export function topicKey(t: Topic): string {
  switch (t.kind) {
    case 'tournament':
      return `tournament/${t.clubId}/${t.tournamentId}`;
    case 'staff':
      return `staff/${t.clubId}/${t.tournamentId}`;
    case 'player':
      return `player/${t.playerId}`;
  }
}

/** The subprotocol both ends speak; the server answers with it and never echoes a token. */
export const LIVE_PROTOCOL = 'sport-poker.v1';
/** A client offers its token as a second subprotocol `bearer.<jwt>` (JWT characters are all token characters). */
export const BEARER_PROTOCOL_PREFIX = 'bearer.';

/**
 * Close codes (4000-4999 are the application's own, RFC 6455 §7.4.2), after the HTTP status the REST
 * route would answer: not signed in or the token expired, not allowed, no such topic for this caller.
 */
export const CLOSE = { unauthenticated: 4401, forbidden: 4403, notFound: 4404 } as const;
