import type { ItemKey } from '../runtime/prefetch';
import { entities } from './entities';
import { keyOf } from './entities/items';
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
export const resultNamesKey = (clubId: string, tournamentId: string): ItemKey =>
  keyOf(entities().resultNames.get({ clubId, tournamentId }));

/** Writes the names as read at the finish; `hidden` are the names hidden then (ADDed, so later restores still apply). */
export async function writeResultNames(
  clubId: string,
  tournamentId: string,
  names: Readonly<Record<string, string>>,
  hidden: readonly string[],
): Promise<void> {
  const body = packBody(JSON.stringify(names));
  const update = entities()
    .resultNames.update({ clubId, tournamentId })
    .set('b' in body ? { b: body.b } : { z: body.z })
    .remove(['b' in body ? 'z' : 'b']);
  await (hidden.length ? update.add({ hidden: [...hidden] }) : update).go({ response: 'none' });
}

export type NameChange = 'erase' | 'hide' | 'restore';

/** Records a change of one player's name in the results of the given tournaments (the player's own, a few). */
export async function changeResultName(
  playerId: string,
  tournaments: readonly { clubId: string; tournamentId: string }[],
  change: NameChange,
): Promise<void> {
  const names = entities().resultNames;
  for (const t of tournaments) {
    const update = names.update({ clubId: t.clubId, tournamentId: t.tournamentId });
    const set =
      change === 'erase'
        ? update.add({ erased: [playerId] })
        : change === 'hide'
          ? update.add({ hidden: [playerId] })
          : update.delete({ hidden: [playerId] });
    await set.go({ response: 'none' });
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
  const data = item ? entities().resultNames.parse({ Item: item }, { ignoreOwnership: true }).data : null;
  if (!data || (data.b === undefined && data.z === undefined)) return undefined;
  const names = new Map(Object.entries(JSON.parse(unpackBody(data)) as Record<string, string>));
  for (const p of data.erased ?? []) if (names.has(p)) names.set(p, opts.erasedName);
  if (opts.publicView) for (const p of data.hidden ?? []) names.delete(p);
  return names;
}
