import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './client';
import { config } from '../platform/config';
import type { ItemKey } from '../platform/prefetch';
import { tournamentPk } from './tournament-log';
import { packBody, unpackBody } from './item-body';

/**
 * The players' display names of a finished tournament, in one item beside its log: a results page then
 * reads one item instead of every player's profile (a BatchGetItem per hundred players). Names are
 * personal data, so they are never written into the event log; the stream consumer writes this item when
 * the tournament finishes, from the profiles as they stand then.
 *
 * Later changes reach it on their own paths, as sets beside the body so that they apply whether or not
 * the body is there yet (an erasure racing the finish is never overwritten by it):
 * - `erased`: players who exercised the right to erasure (R-PD-1): shown as the deleted player;
 * - `hidden`: names an operator hid (R-MOD-1): left out of what the public reads.
 */
const SK = 'names';

export const resultNamesKey = (clubId: string, tournamentId: string): ItemKey => ({ pk: tournamentPk(clubId, tournamentId), sk: SK });

/** Writes the names as read at the finish; `hidden` are the names hidden then (ADDed, so later restores still apply). */
export async function writeResultNames(
  clubId: string,
  tournamentId: string,
  names: Readonly<Record<string, string>>,
  hidden: readonly string[],
): Promise<void> {
  const body = packBody(JSON.stringify(names));
  const set = 'b' in body ? 'b' : 'z';
  const other = set === 'b' ? 'z' : 'b';
  await dynamo().doc.send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: resultNamesKey(clubId, tournamentId),
      UpdateExpression: `SET #body = :body REMOVE #other${hidden.length ? ' ADD #hidden :hidden' : ''}`,
      ExpressionAttributeNames: { '#body': set, '#other': other, ...(hidden.length ? { '#hidden': 'hidden' } : {}) },
      ExpressionAttributeValues: { ':body': 'b' in body ? body.b : body.z, ...(hidden.length ? { ':hidden': new Set(hidden) } : {}) },
    }),
  );
}

export type NameChange = 'erase' | 'hide' | 'restore';

/** Records a change of one player's name in the results of the given tournaments (the player's own, a few). */
export async function changeResultName(
  playerId: string,
  tournaments: readonly { clubId: string; tournamentId: string }[],
  change: NameChange,
): Promise<void> {
  const [verb, attr] = change === 'erase' ? ['ADD', 'erased'] : change === 'hide' ? ['ADD', 'hidden'] : ['DELETE', 'hidden'];
  for (const t of tournaments) {
    await dynamo().doc.send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: resultNamesKey(t.clubId, t.tournamentId),
        UpdateExpression: `${verb} #set :p`,
        ExpressionAttributeNames: { '#set': attr },
        ExpressionAttributeValues: { ':p': new Set([playerId]) },
      }),
    );
  }
}

/**
 * The names to show from the item as read, or undefined when the consumer has not written them (not
 * finished yet, or a moment after the finish): the caller then reads the profiles.
 */
export function resultNames(
  item: Record<string, unknown> | null | undefined,
  opts: { publicView: boolean; erasedName: string },
): Map<string, string> | undefined {
  if (!item || (item.b === undefined && item.z === undefined)) return undefined;
  const names = new Map(Object.entries(JSON.parse(unpackBody(item)) as Record<string, string>));
  const erased = item.erased instanceof Set ? (item.erased as Set<string>) : new Set<string>();
  const hidden = item.hidden instanceof Set ? (item.hidden as Set<string>) : new Set<string>();
  for (const p of erased) if (names.has(p)) names.set(p, opts.erasedName);
  if (opts.publicView) for (const p of hidden) names.delete(p);
  return names;
}
