import type * as z from '../../schemas/zod';
import type { HandForHandView } from '../../schemas/hand-for-hand';
import { handForHandView } from '../../domain/floor/hand-for-hand';
import type { FloorTournament } from '../../domain/floor/aggregate';

/*
 * R-HFH-1: the API's shape of the domain view (ISO times), shared by the hand-for-hand routes and the clock
 * board. Apart from the routes so that the clock function does not bundle them.
 */

const iso = (ms: number) => new Date(ms).toISOString();

export function apiHandForHand(t: FloorTournament): z.output<typeof HandForHandView> | null {
  const v = handForHandView(t);
  if (!v) return null;
  return { ...v, startedAt: iso(v.startedAt), handStartedAt: iso(v.handStartedAt), endedAt: v.endedAt === null ? null : iso(v.endedAt) };
}
