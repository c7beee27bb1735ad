import { Conflict } from '../../runtime/errors';
import { decideCards, type CardCaller } from '../duplicate-cards';
import { executeDuplicateCommand, type DuplicateCommand } from './command';
import { deckReadCreate } from './deck-access';
import { notifyResults, notifySeats } from './notifications';
import { handCreate, listHands, names, newSeeds, readSeed, replayRound, roundRecords, seedCreate } from './round-records';
import { ruleError } from '../../../domain/core/errors';
import { withoutCards } from '../../../domain/duplicate/card-access';
import { roundDecks } from '../../../domain/duplicate/decks';
import {
  checkHandSlot,
  closeRound,
  enterCounts,
  handRecorded,
  revealRound,
  roundOf,
  tableOf,
  type DuplicateEvent,
} from '../../../domain/duplicate/event';
import { replayTable, type RecordedAction } from '../../../domain/duplicate/table-replay';
import type { TableCounts } from '../../../domain/duplicate/counts';

/* The commands of a round as it is played and closed (R-DUP-2..7). */

/** Who issues a round's command: the event and If-Match, the actor, the request's time. */
export interface RoundCommand extends DuplicateCommand {
  round: number;
  actor: string;
  now: number;
}

/** The floor's chip counts of one table at the end of the round (R-DUP-4). */
export async function enterDuplicateCounts(command: RoundCommand, table: number, counts: TableCounts): Promise<DuplicateEvent> {
  const { round, actor, now } = command;
  return (await executeDuplicateCommand(command, (ev) => ({ event: enterCounts(ev, round, table, counts, actor, now) }))).event;
}

export type ReplayedHand = ReturnType<typeof replayTable>['hands'][number]['replay']['state'];

/**
 * A dealer's record of one hand, replayed on the round's deck (R-DUP-7): refused unless it completes the
 * hand. Answers the hand as replayed, its cards only when the caller may see them (R-DUP-2); a caller who
 * sees them is audited in the transaction that stores the record.
 */
export async function recordDuplicateHand(
  command: RoundCommand,
  slot: { table: number; hand: number },
  actions: RecordedAction[],
  caller: CardCaller,
): Promise<{ event: DuplicateEvent; state: ReplayedHand }> {
  const { clubId, eventId, round, actor, now } = command;
  const { table, hand } = slot;
  const { event, value } = await executeDuplicateCommand(command, async (ev) => {
    const r = checkHandSlot(ev, round, table, hand);
    const t = tableOf(r, table);
    const [seed, stored, decision] = await Promise.all([
      readSeed(clubId, eventId, round),
      listHands(clubId, eventId, round, table),
      decideCards(caller, ev, r, 'hand-record'),
    ]);
    const recorded = new Map<number, readonly RecordedAction[]>(stored.map((h) => [h.hand, h.actions]));
    recorded.set(hand, actions);
    const rep = replayTable({
      settings: ev.settings,
      round: r.level,
      table: t,
      decks: roundDecks(seed, r.level.hands),
      recorded,
      names: names(ev),
    });
    const replayed = rep.hands.find((h) => h.hand === hand);
    if (!replayed?.replay.state.complete) {
      const next = replayed?.replay.next;
      throw ruleError(
        'HAND_INCOMPLETE',
        `the actions stop before the hand ends${next ? `: seat ${next.seat} is to act (${next.actions.join(', ')})` : ''}`,
        [{ field: 'actions', message: 'the hand is not over' }],
      );
    }
    // Without the grant the answer keeps the actions and the chips, never a card (docs/decisions/duplicate.md).
    const state = decision.access.see ? replayed.replay.state : withoutCards(replayed.replay.state);
    return {
      event: handRecorded(ev, round, table, hand),
      companions: [
        handCreate(clubId, eventId, { round, table, hand, actions, recordedBy: actor, at: now }),
        ...(decision.audit ? [deckReadCreate(clubId, eventId, decision.audit(now))] : []),
      ],
      value: state,
    };
  });
  return { event, state: value };
}

/**
 * Closes the round (R-DUP-3, R-DUP-4, R-DUP-6) on the counts and the complete replays; the next round opens
 * with its seed stored beside it. Players get their result and, when one opens, their next seat.
 */
export async function closeDuplicateRound(command: RoundCommand): Promise<DuplicateEvent> {
  const { clubId, eventId, round, actor, now } = command;
  const seeds = newSeeds();
  const { event } = await executeDuplicateCommand(command, async (ev) => {
    const r = roundOf(ev, round);
    if (r.status === 'closed') throw new Conflict('ROUND_CLOSED', `round ${round} is closed already`);
    const reps = replayRound(ev, r, await roundRecords(ev, round));
    const replayed = new Map([...reps].filter(([, x]) => x.complete).map(([t, x]) => [t, x.stacks]));
    const next = closeRound(ev, round, { replayed, next: seeds, actor, now });
    const opened = next.rounds.length > ev.rounds.length;
    return { event: next, companions: opened ? [seedCreate(clubId, eventId, round + 1, seeds.seed)] : [] };
  });
  await notifyResults(event, roundOf(event, round), now);
  const opened = event.rounds.find((x) => x.round === round + 1);
  if (opened) await notifySeats(event, opened, now);
  return event;
}

/** Publishes a closed round's seed, so that anyone can check the commitment made before it (R-DUP-2). */
export async function revealDuplicateRound(command: RoundCommand): Promise<DuplicateEvent> {
  const { clubId, eventId, round, now } = command;
  const { event } = await executeDuplicateCommand(command, async (ev) => {
    roundOf(ev, round);
    return { event: revealRound(ev, round, await readSeed(clubId, eventId, round), now) };
  });
  return event;
}
