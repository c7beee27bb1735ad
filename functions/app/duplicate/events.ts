import { randomUUID } from 'node:crypto';
import { entities } from '../../store/entities';
import { DELETED_PLAYER_NAME } from '../erasure';
import { BY_KEY, executeDuplicateCommand, requireEvent, saveEvent, type DuplicateCommand } from './command';
import { indexDuplicatePlayers, pseudonymiseErased } from './players';
import { newSeeds, seedCreate } from './round-records';
import { notifySeats } from './notifications';
import { createEvent, startEvent, withdrawPlayer, type DuplicateEvent } from '../../../domain/duplicate/event';

/* A Duplicate Poker event before and as its first round starts (R-DUP-1, R-DUP-5), and the club's list. */

export interface NewDuplicateEvent {
  clubId: string;
  name: string;
  settings?: Omit<Parameters<typeof createEvent>[0]['settings'], 'name'> | undefined;
  players: { playerId: string; name: string }[];
  now: number;
  actor: string;
}

export async function createDuplicateEvent(input: NewDuplicateEvent): Promise<DuplicateEvent> {
  const ev = createEvent({
    eventId: `dup_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    clubId: input.clubId,
    settings: { ...input.settings, name: input.name },
    players: input.players,
    now: input.now,
    actor: input.actor,
  });
  // The index first, the profiles last: an erasure (R-PD-1), even one running meanwhile, reaches every name.
  await indexDuplicatePlayers(ev);
  await saveEvent(ev, 'new');
  return (await pseudonymiseErased(ev, DELETED_PLAYER_NAME)).event;
}

export const getDuplicateEvent = (clubId: string, eventId: string): Promise<DuplicateEvent> => requireEvent(clubId, eventId);

export interface DuplicateEventListing {
  eventId: string;
  name: string;
  status: string;
  version: number;
  createdAt: number;
}

export async function listDuplicateEvents(clubId: string): Promise<DuplicateEventListing[]> {
  const { data } = await entities()
    .duplicateEventRow.query.primary({ clubId })
    .go({ pages: 'all', ...BY_KEY });
  return data.map((i) => ({ eventId: i.eventId, name: i.name, status: i.status, version: i.v, createdAt: i.createdAt }));
}

/** Takes a player out of the event before the first round. */
export async function withdrawDuplicatePlayer(command: DuplicateCommand, playerId: string): Promise<DuplicateEvent> {
  return (await executeDuplicateCommand(command, (ev) => ({ event: withdrawPlayer(ev, playerId) }))).event;
}

/** Starts round 1: seats drawn, decks committed from a fresh seed stored with it; players get their seat. */
export async function startDuplicateEvent(command: DuplicateCommand, now: number): Promise<DuplicateEvent> {
  const seeds = newSeeds();
  const { event } = await executeDuplicateCommand(command, (ev) => ({
    event: startEvent(ev, seeds, now),
    companions: [seedCreate(ev.clubId, ev.eventId, 1, seeds.seed)],
  }));
  await notifySeats(event, event.rounds[0]!, now);
  return event;
}
