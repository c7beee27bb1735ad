import { ALL_STAFF, club } from '../platform/authorization';
import { authorize } from '../platform/authorize';
import { HttpProblem } from '../platform/problem';
import type { Principal } from '../platform/principal';
import { CLOSE, type Topic } from './topics';
import type { LiveCaller } from './connections';

/** A refused subscription: the connection is closed with this code and reason. */
export interface Refusal {
  code: number;
  reason: string;
}

/** The REST rule for the same data: a staff topic is read as GET .../tables is. */
const STAFF_ACCESS = club(ALL_STAFF);

export function principalOf(caller: LiveCaller): Principal {
  return caller.kind === 'user' && caller.userId
    ? { kind: 'user', userId: caller.userId, operator: caller.operator === true, claims: {} }
    : { kind: 'anonymous' };
}

/**
 * May this caller see the topic? Anyone sees a tournament's public topic; a player topic is its player's
 * own (an active account, as for /v1/me); a staff topic needs the club role the REST table asks for
 * the same data. Answers the refusal, or undefined when allowed.
 */
export async function checkTopic(caller: LiveCaller, topic: Topic): Promise<Refusal | undefined> {
  const principal = principalOf(caller);
  try {
    switch (topic.kind) {
      case 'tournament':
        return undefined;
      case 'player':
        if (principal.kind !== 'user')
          return { code: CLOSE.unauthenticated, reason: 'UNAUTHENTICATED: a player topic needs a signed-in user' };
        if (principal.userId !== topic.playerId) return { code: CLOSE.forbidden, reason: "FORBIDDEN: another player's topic" };
        await authorize({ kind: 'user' }, principal, undefined);
        return undefined;
      case 'staff':
        await authorize(STAFF_ACCESS, principal, topic.clubId);
        return undefined;
    }
  } catch (e) {
    // Our own outage (503) is not the caller's fault: it fails the message, not the subscription.
    if (!(e instanceof HttpProblem) || e.status >= 500) throw e;
    const code = e.status === 401 ? CLOSE.unauthenticated : CLOSE.forbidden;
    // 404 for a club the caller is not staff of, as the REST routes answer: the reason names no club.
    return { code, reason: `${e.status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN'}: ${topic.kind} topic refused (${e.code})`.slice(0, 120) };
  }
}
