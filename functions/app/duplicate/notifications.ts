import { logger } from '../../runtime/logger';
import { notifier } from '../../adapters/notifications';
import type { DupRound, DuplicateEvent } from '../../../domain/duplicate/event';
import { seatOf } from '../../../domain/duplicate/seating';

/**
 * Players learn their seat when a round starts and their result when it closes (R-DUP-3, R-DUP-4). The feed
 * is written after the event: a failed delivery is logged and does not undo the round.
 */
export async function notifySeats(ev: DuplicateEvent, r: DupRound, at: number): Promise<void> {
  const port = notifier();
  const jobs = r.tables.flatMap((t) =>
    t.seats.flatMap((playerId, i) =>
      playerId === null
        ? []
        : [
            port.publish([playerId], {
              id: `dup:${ev.eventId}:r${r.round}:seat`,
              type: 'duplicate.seat',
              at,
              clubId: ev.clubId,
              tournamentId: ev.eventId,
              title: `${ev.settings.name}, round ${r.round}: table ${t.table}, seat ${i + 1}`,
              data: {
                eventId: ev.eventId,
                round: r.round,
                table: t.table,
                seat: i + 1,
                hands: r.level.hands,
                startingStack: ev.settings.startingStack,
                carryIn: r.carryIn[playerId] ?? 0,
              },
            }),
          ],
    ),
  );
  await settle(jobs, ev, r.round);
}

export async function notifyResults(ev: DuplicateEvent, r: DupRound, at: number): Promise<void> {
  const next = ev.rounds.find((x) => x.round === r.round + 1);
  const port = notifier();
  const jobs = (r.results?.players ?? []).map((p) => {
    const seat = next ? seatOf(next.tables, p.playerId) : undefined;
    const line = p.eliminated ? 'eliminated' : seat ? `next: round ${r.round + 1}, table ${seat.table}, seat ${seat.seat}` : 'through';
    return port.publish([p.playerId], {
      id: `dup:${ev.eventId}:r${r.round}:result`,
      type: 'duplicate.round-result',
      at,
      clubId: ev.clubId,
      tournamentId: ev.eventId,
      title: `${ev.settings.name}, round ${r.round}: place ${p.place}, ${p.total >= 0 ? '+' : ''}${p.total} points, ${line}`,
      data: {
        eventId: ev.eventId,
        round: r.round,
        place: p.place,
        chips: p.chips,
        points: p.points,
        total: p.total,
        carryOut: p.carryOut,
        eliminated: p.eliminated,
        ...(seat ? { next: { round: r.round + 1, ...seat } } : {}),
      },
    });
  });
  await settle(jobs, ev, r.round);
}

async function settle(jobs: Promise<void>[], ev: DuplicateEvent, round: number): Promise<void> {
  const failed = (await Promise.allSettled(jobs)).filter((j) => j.status === 'rejected');
  if (failed.length) logger.warn('duplicate notifications not delivered', { eventId: ev.eventId, round, failed: failed.length });
}
