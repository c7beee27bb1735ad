import { ALL_STAFF, club } from '../platform/authorization';
import { authorize } from '../platform/authorize';
import { HttpProblem } from '../platform/problem';
import type { Principal } from '../platform/principal';
import { loadTournament } from '../store/tournament-store';
import { tournamentHidden } from '../../domain/moderation/content';
import { cachedAccess } from './access-cache';
import { liveNow } from './live-clock';
import { CLOSE, type Topic } from './topics';
import type { LiveCaller } from './connections';

/** A refused topic: the connection is closed with this code and reason. */
export interface Refusal {
  code: number;
  reason: string;
}

/** The REST rule for the same data: a staff topic is read as GET .../tables is. */
const STAFF_ACCESS = club(ALL_STAFF);

const LABEL: Record<number, string> = {
  [CLOSE.unauthenticated]: 'UNAUTHENTICATED',
  [CLOSE.forbidden]: 'FORBIDDEN',
  [CLOSE.notFound]: 'NOT_FOUND',
};

/** `<LABEL>: <kind> topic refused (<the REST problem code>)`: the code in brackets is the stable part. */
const refusal = (code: number, topic: Topic, problemCode: string): Refusal => ({
  code,
  reason: `${LABEL[code] ?? 'REFUSED'}: ${topic.kind} topic refused (${problemCode})`.slice(0, 120),
});

export function principalOf(caller: LiveCaller): Principal {
  return caller.kind === 'user' && caller.userId
    ? { kind: 'user', userId: caller.userId, operator: caller.operator === true, claims: {} }
    : { kind: 'anonymous' };
}

/** The token the connection opened with has expired: it no longer vouches for anyone. */
const tokenExpired = (caller: LiveCaller, now: number) =>
  caller.kind === 'user' && caller.expiresAt !== undefined && now >= caller.expiresAt * 1000;

/**
 * The caller's standing for the topic, by the REST rules: anyone sees a tournament's public topic; a
 * player topic is its player's own (an active account, as for /v1/me); a staff topic needs the club role
 * the REST table asks for the same data.
 */
async function standingRefusal(caller: LiveCaller, topic: Topic): Promise<Refusal | undefined> {
  const principal = principalOf(caller);
  try {
    switch (topic.kind) {
      case 'tournament':
        return undefined;
      case 'player':
        if (principal.kind !== 'user') return refusal(CLOSE.unauthenticated, topic, 'UNAUTHENTICATED');
        if (principal.userId !== topic.playerId) return refusal(CLOSE.forbidden, topic, 'FORBIDDEN');
        await authorize({ kind: 'user' }, principal, undefined);
        return undefined;
      case 'staff':
        await authorize(STAFF_ACCESS, principal, topic.clubId);
        return undefined;
    }
  } catch (e) {
    // Our own outage (503) is not the caller's fault: it fails the message, not the subscription.
    if (!(e instanceof HttpProblem) || e.status >= 500) throw e;
    // 404 for a club the caller is not staff of, as the REST routes answer: the reason names no club.
    return refusal(e.status === 401 ? CLOSE.unauthenticated : CLOSE.forbidden, topic, e.code);
  }
}

/**
 * A tournament topic names a tournament of that club that the caller may see: the public one is refused
 * like the public clock's 404 (CLUB_NOT_FOUND) when there is no such tournament or the operator hid it
 * (R-MOD-1); the staff one, like the staff's GET, with TOURNAMENT_NOT_FOUND. A public topic may be held
 * before the start (a screen set up early): it carries messages only while the tournament runs.
 */
async function existenceRefusal(topic: Topic, loads: TournamentLoads): Promise<Refusal | undefined> {
  if (topic.kind === 'player') return undefined;
  const id = `${topic.clubId}/${topic.tournamentId}`;
  let load = loads.get(id);
  if (!load) loads.set(id, (load = loadTournament(topic.clubId, topic.tournamentId, { consistent: topic.kind === 'staff' })));
  const loaded = await load;
  if (topic.kind === 'tournament' && (!loaded || tournamentHidden(loaded.state.contentModeration)))
    return refusal(CLOSE.notFound, topic, 'CLUB_NOT_FOUND');
  if (!loaded) return refusal(CLOSE.notFound, topic, 'TOURNAMENT_NOT_FOUND');
  return undefined;
}

/** Tournaments read for one subscribe: a tournament's public and staff topics read it once. */
type TournamentLoads = Map<string, ReturnType<typeof loadTournament>>;

/**
 * May this caller subscribe to the topic now? A staff or player topic needs a token that has not expired,
 * the standing the REST route asks for, and a topic that exists for the caller. Answers the refusal, or
 * undefined when allowed.
 */
export async function checkTopic(
  caller: LiveCaller,
  topic: Topic,
  now: number = liveNow(),
  loads: TournamentLoads = new Map(),
): Promise<Refusal | undefined> {
  if (topic.kind !== 'tournament' && tokenExpired(caller, now)) return refusal(CLOSE.unauthenticated, topic, 'TOKEN_EXPIRED');
  return (await standingRefusal(caller, topic)) ?? (await existenceRefusal(topic, loads));
}

/**
 * The first refusal among the topics of one subscribe, checked one at a time so that a message of
 * made-up topics costs one read; the club's standing and each tournament are read once for the message.
 */
export async function firstRefusal(caller: LiveCaller, topics: Iterable<Topic>, now: number = liveNow()): Promise<Refusal | undefined> {
  const loads: TournamentLoads = new Map();
  const staffOf = new Set<string>();
  for (const topic of topics) {
    // A club whose staff topic passed the role check passes it for its other tournaments in this message.
    const known = topic.kind === 'staff' && staffOf.has(topic.clubId) && !tokenExpired(caller, now);
    const refused = known ? await existenceRefusal(topic, loads) : await checkTopic(caller, topic, now, loads);
    if (refused) return refused;
    if (topic.kind === 'staff') staffOf.add(topic.clubId);
  }
  return undefined;
}

/**
 * May a frame of a staff or player topic still go to this subscriber? Checked on every delivery: the
 * token's expiry exactly, the standing (membership, account) as read at most LIVE_ACCESS_TTL_MS ago for
 * the same user (and club), so a removed member or an erased account stops receiving within that time.
 */
export async function deliveryRefusal(caller: LiveCaller, topic: Topic, now: number = liveNow()): Promise<Refusal | undefined> {
  if (topic.kind === 'tournament') return undefined;
  if (tokenExpired(caller, now)) return refusal(CLOSE.unauthenticated, topic, 'TOKEN_EXPIRED');
  const who = caller.userId ?? 'anonymous';
  const key = topic.kind === 'staff' ? `staff/${topic.clubId}/${who}` : `player/${topic.playerId}/${who}`;
  return cachedAccess(key, () => standingRefusal(caller, topic));
}
