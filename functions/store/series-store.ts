import { Conflict, NotFound } from '../runtime/errors';
import type { MoneyReviewItem } from '../../domain/text/money-wording';
import { entities } from './entities';
import { conditionRefused, readCount, type TransactDelete, type TransactPut } from './entities/items';

/** A club's series as stored (R-SER-1). Times are ISO; dates YYYY-MM-DD. */
export interface StoredSeries {
  clubId: string;
  seriesId: string;
  name: string;
  description: string;
  startsOn: string;
  endsOn: string;
  /** R-MONEY-2: held texts waiting for an operator; absent when nothing is held. */
  moneyReview?: MoneyReviewItem[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type SeriesFields = Pick<StoredSeries, 'name' | 'description' | 'startsOn' | 'endsOn' | 'moneyReview'>;

/** One refusal for a series that is not the club's: unknown, or another club's (the key holds the club). */
export const seriesNotFound = (): NotFound => new NotFound('SERIES_NOT_FOUND', 'No such series');

export async function getSeries(clubId: string, seriesId: string): Promise<StoredSeries | undefined> {
  const { data } = await entities().series.get({ clubId, seriesId }).go();
  return (data as StoredSeries | null) ?? undefined;
}

export async function requireSeries(clubId: string, seriesId: string): Promise<StoredSeries> {
  const s = await getSeries(clubId, seriesId);
  if (!s) throw seriesNotFound();
  return s;
}

export async function putNewSeries(s: StoredSeries): Promise<void> {
  await entities().series.create(s).go();
}

/** Replaces the fields when the stored version is still `expected`; a lost race is a 409. */
export async function updateSeries(current: StoredSeries, fields: SeriesFields, at: string): Promise<StoredSeries> {
  const next: StoredSeries = { ...current, ...fields, version: current.version + 1, updatedAt: at };
  if (!fields.moneyReview) delete next.moneyReview;
  const { clubId, seriesId } = current;
  const patch = entities()
    .series.patch({ clubId, seriesId })
    .set({
      name: next.name,
      description: next.description,
      startsOn: next.startsOn,
      endsOn: next.endsOn,
      version: next.version,
      updatedAt: at,
      ...(next.moneyReview ? { moneyReview: next.moneyReview } : {}),
    });
  try {
    await (next.moneyReview ? patch : patch.remove(['moneyReview'])).where((s, { eq }) => eq(s.version, current.version)).go();
  } catch (e) {
    if (conditionRefused(e)) throw new Conflict('CONCURRENT_UPDATE', 'The series changed meanwhile; read it and retry');
    throw e;
  }
  return next;
}

/** A page of the club's series, by id (ids grow with time: oldest first). */
export async function listSeries(clubId: string, limit: number, cursor: string | null) {
  const query = entities().series.query.primary({ clubId });
  const out = await readCount(limit, cursor, (n, at) => query.go({ limit: n, cursor: at }));
  return { data: out.data as StoredSeries[], cursor: out.cursor };
}

/** The ids of a series' tournaments (R-SER-1), every page. */
export async function seriesTournamentIds(clubId: string, seriesId: string): Promise<string[]> {
  const { data } = await entities().seriesTournament.query.primary({ clubId, seriesId }).go({ pages: 'all' });
  return data.map((r) => r.tournamentId);
}

/** The membership row as a transaction item: rides with the tournament event that attaches it. */
export const seriesMemberPut = (clubId: string, seriesId: string, tournamentId: string, at: string) => ({
  Put: entities().seriesTournament.put({ clubId, seriesId, tournamentId, attachedAt: at }).params<TransactPut>(),
});

/** Removing the membership row, with the event that detaches the tournament. */
export const seriesMemberDelete = (clubId: string, seriesId: string, tournamentId: string) => ({
  Delete: entities().seriesTournament.delete({ clubId, seriesId, tournamentId }).params<TransactDelete>(),
});
