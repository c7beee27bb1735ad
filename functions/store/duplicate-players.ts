import { queryAll } from './query-all';
import { readItems } from './read-items';
import { writeAll, type WriteRequest } from './batch-write';
import { DuplicateVersionConflict, loadEvent, saveEvent } from './duplicate-store';
import { renamePlayer, type DuplicateEvent } from '../../domain/duplicate/event';

/**
 * Which Duplicate events a player is in, so that an erasure (R-PD-1) finds the names the floor typed into
 * them. One item per event in the player's partition: `player#<id>` / `dup#<clubId>#<eventId>`. An event's
 * players are fixed when it is created; the items are written before the event, so an event never exists
 * unindexed (an item whose event was never saved is skipped).
 */
const PREFIX = 'dup#';
const MAX_ATTEMPTS = 6;

const playerPk = (playerId: string): string => `player#${playerId}`;
const entrySk = (clubId: string, eventId: string): string => `${PREFIX}${clubId}#${eventId}`;

/** Writes the index items of every player of the event (idempotent: a put of the same item). */
export async function indexDuplicatePlayers(ev: Pick<DuplicateEvent, 'clubId' | 'eventId' | 'players'>): Promise<void> {
  const puts: WriteRequest[] = ev.players.map((p) => ({
    PutRequest: {
      Item: {
        pk: playerPk(p.playerId),
        sk: entrySk(ev.clubId, ev.eventId),
        kind: 'duplicatePlayerEntry',
        clubId: ev.clubId,
        eventId: ev.eventId,
      },
    },
  }));
  // A few batches at a time: a thousand players are forty batches.
  await writeAll(puts, 4);
}

/** The Duplicate events the player is in, as indexed. */
export async function duplicateEventsOf(playerId: string): Promise<{ clubId: string; eventId: string }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': playerPk(playerId), ':p': PREFIX },
    ConsistentRead: true,
  });
  return items.map((i) => ({ clubId: i.clubId as string, eventId: i.eventId as string }));
}

/** Sets the player's name in one event through the event's versioned write; a lost race decides again. */
async function renameIn(clubId: string, eventId: string, playerId: string, name: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const before = await loadEvent(clubId, eventId);
    const after = before && renamePlayer(before, playerId, name);
    if (!before || !after) return false;
    try {
      await saveEvent(after, before.version);
      return true;
    } catch (e) {
      if (!(e instanceof DuplicateVersionConflict) || attempt >= MAX_ATTEMPTS) throw e;
    }
  }
}

/**
 * R-PD-1: the player's name becomes `pseudonym` in every Duplicate event the player is in; the player id,
 * seats and results stay (the records the law keeps). Returns how many events changed.
 */
export async function pseudonymiseInDuplicateEvents(playerId: string, pseudonym: string): Promise<number> {
  let changed = 0;
  for (const e of await duplicateEventsOf(playerId)) if (await renameIn(e.clubId, e.eventId, playerId, pseudonym)) changed++;
  return changed;
}

/** The players of `ids` whose profile is erased (has `deletedAt`). */
async function erasedPlayers(ids: readonly string[]): Promise<Set<string>> {
  const erased = new Set<string>();
  for (let i = 0; i < ids.length; i += 100) {
    const profiles = await readItems(
      ids.slice(i, i + 100).map((id) => ({ pk: playerPk(id), sk: 'profile' })),
      { consistent: true, attributes: ['deletedAt'] },
    );
    for (const item of profiles.values()) if (item.deletedAt !== undefined) erased.add(String(item.pk).slice('player#'.length));
  }
  return erased;
}

/**
 * Pseudonymises the players of a stored event whose profile is erased already. Run after the event and its
 * index are written: an erasure that read the index before the event existed has marked the profile first,
 * so one of the two rewrites the name. Returns the event as it then stands.
 */
export async function pseudonymiseErased(ev: DuplicateEvent, pseudonym: string): Promise<{ event: DuplicateEvent; renamed: number }> {
  let renamed = 0;
  for (const id of await erasedPlayers(ev.players.map((p) => p.playerId)))
    if (await renameIn(ev.clubId, ev.eventId, id, pseudonym)) renamed++;
  const event = renamed > 0 ? ((await loadEvent(ev.clubId, ev.eventId)) ?? ev) : ev;
  return { event, renamed };
}
