import { entities } from './entities';
import type { PlayerRegistrationRow } from './entities/tournament';
import { writeAll } from './batch-write';
import { batchGet } from './entities/items';

type Item = Record<string, unknown>;
type Row = Omit<PlayerRegistrationRow, 'clubId' | 'tournamentId' | 'pv'>;

/** BatchWriteItems in flight at once: a draw of 2,000 players is 80 of them. */
const PARALLEL_BATCHES = 8;
/** Up to this many rows are written one conditional put each; more are checked with one read and batched. */
const SINGLE_PUTS = 2;
/**
 * Rows whose versions are read by key (one BatchGetItem) rather than with the partition's Query: a key read
 * costs half a unit a row, the Query about a fortieth of a unit per row of the tournament (rows are small),
 * so by key when the rows are fewer than a twentieth of the field, and at most one BatchGetItem of them.
 */
const READ_BY_KEY = 100;
const byKey = (rows: number, fieldRows: number): boolean => rows <= READ_BY_KEY && rows * 20 < fieldRows;

/**
 * The by-player index rows an event wrote, each only if no later event wrote it already (`pv`, the event
 * version): a redelivered event then changes nothing. A few rows are conditional puts; more (a table
 * break) have their versions read by key in one BatchGetItem, so the read follows the rows, not the field;
 * a field-wide event (a draw, the finish) reads the versions of the tournament's rows with one Query (its
 * pages hold a thousand rows or so each). The rows still behind go in BatchWriteItems of 25, which take no
 * condition. The stream hands a tournament's events to one consumer at a time, in order,
 * so no write of a later event comes between that read and these writes.
 */
export async function writePlayerRows(
  clubId: string,
  tournamentId: string,
  version: number,
  rows: readonly Row[],
  /** How many rows the tournament has (its registrations; unknown: 0, the Query): which read is the cheaper. */
  fieldRows = 0,
): Promise<void> {
  const rowsOf = entities().playerRegistration;
  if (rows.length <= SINGLE_PUTS) {
    await Promise.all(
      rows.map((row) =>
        // A refused condition is a row a later event already wrote: nothing to do.
        rowsOf
          .put({ clubId, tournamentId, ...row, pv: version })
          .where((r, { notExists, lte }) => `${notExists(r.pv)} OR ${lte(r.pv, version)}`)
          .go({ returnOnConditionCheckFailure: true }),
      ),
    );
    return;
  }
  const data = byKey(rows.length, fieldRows)
    ? await batchGet(
        rows.map((r) => ({ clubId, tournamentId, playerId: r.playerId })),
        (keys) => rowsOf.get(keys).go({ unprocessed: 'item', attributes: ['playerId', 'pv'] }),
      )
    : (await rowsOf.query.primary({ clubId, tournamentId }).go({ pages: 'all', attributes: ['playerId', 'pv'] })).data;
  const ahead = new Set(data.filter((r) => (r.pv ?? 0) > version).map((r) => r.playerId));
  const behind = rows.filter((r) => !ahead.has(r.playerId));
  await writeAll(
    behind.map((row) => ({
      PutRequest: { Item: rowsOf.put({ clubId, tournamentId, ...row, pv: version }).params<{ Item: Item }>().Item },
    })),
    PARALLEL_BATCHES,
  );
}
