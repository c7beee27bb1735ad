import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../store/client';
import { entities } from '../../store/entities';
import type { TransactPut } from '../../store/entities/items';
import { packBody, unpackBody } from '../../store/item-body';
import { ConcurrentUpdate, NotFound, VersionMismatch } from '../../runtime/errors';
import { forDecision } from '../frozen-state';
import type { DuplicateEvent } from '../../../domain/duplicate/event';

/*
 * The one path of a command on a Duplicate Poker event: load the root, hand the pure domain the event,
 * write what it decided (root, list row and the command's own items) in one transaction under the version
 * read, and answer what was decided. A lost race decides again on what is stored now; with If-Match the
 * caller wanted exactly that version, so it is a conflict. Items written before the entities carry no
 * ElectroDB identity attributes, so the Duplicate reads name their item by key (`ignoreOwnership`).
 */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Reads of Duplicate items: by key, whether or not the item carries ElectroDB's identity attributes. */
export const BY_KEY = { ignoreOwnership: true } as const;

/** Which event, and the version the caller last saw (If-Match). */
export interface DuplicateCommand {
  clubId: string;
  eventId: string;
  expectedVersion?: number | undefined;
}

/** A decision: the next event, the items that commit with it or not at all, and what the command answers besides. */
export interface DuplicateDecision<V = undefined> {
  event: DuplicateEvent;
  companions?: TransactItem[];
  value?: V;
}

export interface DuplicateResult<V> {
  before: DuplicateEvent;
  event: DuplicateEvent;
  value: V;
}

const MAX_ATTEMPTS = 4;

export async function loadEvent(clubId: string, eventId: string): Promise<DuplicateEvent | undefined> {
  const { data } = await entities()
    .duplicateEvent.get({ clubId, eventId })
    .go({ consistent: true, ...BY_KEY });
  return data ? (JSON.parse(unpackBody(data)) as DuplicateEvent) : undefined;
}

export async function requireEvent(clubId: string, eventId: string): Promise<DuplicateEvent> {
  const ev = await loadEvent(clubId, eventId);
  if (!ev) throw new NotFound('DUPLICATE_EVENT_NOT_FOUND', 'No such Duplicate Poker event');
  return ev;
}

/** The root under its version check (or created, for a new event) and the club's list row. */
function eventWrites(ev: DuplicateEvent, expected: number | 'new'): TransactItem[] {
  const e = entities();
  const root = { clubId: ev.clubId, eventId: ev.eventId, v: ev.version, ...packBody(JSON.stringify(ev)) };
  const put =
    expected === 'new'
      ? e.duplicateEvent.create(root).params<TransactPut>()
      : e.duplicateEvent
          .put(root)
          .where(({ v }, { eq }) => eq(v, expected))
          .params<TransactPut>();
  const row = e.duplicateEventRow
    .put({ clubId: ev.clubId, eventId: ev.eventId, name: ev.settings.name, status: ev.status, v: ev.version, createdAt: ev.createdAt })
    .params<TransactPut>();
  return [{ Put: put }, { Put: row }];
}

/** The stored event is no longer at the version the write expected. */
export class DuplicateVersionConflict extends Error {}

/** Writes the event if its stored version is still `expected` (or it does not exist yet), with its companions. */
export async function saveEvent(ev: DuplicateEvent, expected: number | 'new', companions: TransactItem[] = []): Promise<void> {
  try {
    await dynamo().doc.send(new TransactWriteCommand({ TransactItems: [...eventWrites(ev, expected), ...companions] }));
  } catch (e) {
    if (e instanceof TransactionCanceledException || e instanceof ConditionalCheckFailedException) {
      const reasons = e instanceof TransactionCanceledException ? (e.CancellationReasons ?? []) : [];
      // A failed condition (the root's version, a companion that exists) or a concurrent transaction on the
      // same items: the command decides again on what is stored now.
      if (reasons.length === 0 || reasons.some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict')) {
        throw new DuplicateVersionConflict('the event changed meanwhile');
      }
    }
    throw e;
  }
}

/** A conflict the caller cannot retry away (an If-Match that is stale, or retries used up). */
const concurrentUpdate = () => new ConcurrentUpdate('The event changed meanwhile; reload and retry');

export async function executeDuplicateCommand<V = undefined>(
  command: DuplicateCommand,
  decide: (ev: DuplicateEvent) => DuplicateDecision<V> | Promise<DuplicateDecision<V>>,
): Promise<DuplicateResult<V>> {
  const { clubId, eventId, expectedVersion } = command;
  for (let attempt = 1; ; attempt++) {
    const before = await requireEvent(clubId, eventId);
    if (expectedVersion !== undefined && before.version !== expectedVersion)
      throw new VersionMismatch(before.version, expectedVersion, 'event');
    const { event, companions, value } = await decide(forDecision(before));
    try {
      await saveEvent(event, before.version, companions);
      return { before, event, value: value as V };
    } catch (e) {
      if (!(e instanceof DuplicateVersionConflict)) throw e;
      if (expectedVersion !== undefined || attempt >= MAX_ATTEMPTS) throw concurrentUpdate();
    }
  }
}
