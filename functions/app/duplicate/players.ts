import { entities } from '../../store/entities';
import { batchGet } from '../../store/entities/items';
import { writeAll, type WriteRequest } from '../../store/batch-write';
import { BY_KEY, DuplicateVersionConflict, loadEvent, saveEvent } from './command';
import { renamePlayer, type DuplicateEvent } from '../../../domain/duplicate/event';

/*
 * Which Duplicate events a player is in, so that an erasure (R-PD-1) finds the names the floor typed into
 * them: one entry per event in the player's partition. An event's players are fixed when it is created;
 * the entries are written before the event, so an event never exists unindexed (an entry whose event was
 * never saved is skipped).
 */

const MAX_ATTEMPTS = 6;
/** BatchWriteItems in flight at once: a thousand players are forty batches. */
const PARALLEL_BATCHES = 4;

/** Writes the entries of every player of the event (idempotent: a put of the same item). */
export async function indexDuplicatePlayers(ev: Pick<DuplicateEvent, 'clubId' | 'eventId' | 'players'>): Promise<void> {
  const e = entities();
  const puts: WriteRequest[] = ev.players.map((p) => ({
    PutRequest: {
      Item: (
        e.duplicatePlayerEntry.put({ playerId: p.playerId, clubId: ev.clubId, eventId: ev.eventId }).params() as {
          Item: Record<string, unknown>;
        }
      ).Item,
    },
  }));
  await writeAll(puts, PARALLEL_BATCHES);
}

/** The Duplicate events the player is in, as indexed. */
export async function duplicateEventsOf(playerId: string): Promise<{ clubId: string; eventId: string }[]> {
  const { data } = await entities()
    .duplicatePlayerEntry.query.primary({ playerId })
    .go({ pages: 'all', consistent: true, ...BY_KEY });
  return data.map((i) => ({ clubId: i.clubId, eventId: i.eventId }));
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
  const profiles = await batchGet(
    ids.map((userId) => ({ userId })),
    (keys) =>
      entities()
        .player.get(keys)
        .go({ consistent: true, attributes: ['userId', 'deletedAt'], unprocessed: 'item' }),
  );
  return new Set(profiles.filter((p) => p.deletedAt !== undefined).map((p) => p.userId));
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
