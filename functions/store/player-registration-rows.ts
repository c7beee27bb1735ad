import { entities } from './entities';
import type { PlayerRegistrationRow } from './entities/tournament';
import { writeAll } from './batch-write';

type Item = Record<string, unknown>;
type Row = Omit<PlayerRegistrationRow, 'clubId' | 'tournamentId' | 'pv'>;

/** BatchWriteItems in flight at once: a draw of 2,000 players is 80 of them. */
const PARALLEL_BATCHES = 4;
/** Up to this many rows are written one conditional put each; more are checked with one read and batched. */
const SINGLE_PUTS = 2;

/**
 * The by-player index rows an event wrote, each only if no later event wrote it already (`pv`, the event
 * version): a redelivered event then changes nothing. A few rows are conditional puts; a field-wide
 * event (a draw, a table break, the finish) reads the versions of the tournament's rows with one Query
 * (its pages hold a thousand rows or so each) and writes the rows still behind in BatchWriteItems of 25,
 * which take no condition. The stream hands a tournament's events to one consumer at a time, in order,
 * so no write of a later event comes between that read and these writes.
 */
export async function writePlayerRows(clubId: string, tournamentId: string, version: number, rows: readonly Row[]): Promise<void> {
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
  const { data } = await rowsOf.query.primary({ clubId, tournamentId }).go({ pages: 'all', attributes: ['playerId', 'pv'] });
  const ahead = new Set(data.filter((r) => (r.pv ?? 0) > version).map((r) => r.playerId));
  const behind = rows.filter((r) => !ahead.has(r.playerId));
  await writeAll(
    behind.map((row) => ({
      PutRequest: { Item: rowsOf.put({ clubId, tournamentId, ...row, pv: version }).params<{ Item: Item }>().Item },
    })),
    PARALLEL_BATCHES,
  );
}
