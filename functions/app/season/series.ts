import { ruleError } from '../../../domain/core/errors';
import { checkSeries } from '../../../domain/season';
import { MAX_DESCRIPTION } from '../../../domain/tournaments/settings';
import { assertNoMoneyWording, moneyReviewItems } from '../../../domain/text/money-wording';
import { newId } from '../../runtime/ids';
import { VersionMismatch } from '../../runtime/errors';
import { listSeries, putNewSeries, requireSeries, updateSeries, type SeriesFields, type StoredSeries } from '../../store/series-store';

/** What a club gives of a series (R-SER-1). */
/** A club's series as stored (name, dates, description, its money-wording hold). */
export type Series = StoredSeries;

export interface SeriesInput {
  name: string;
  description?: string | undefined;
  startsOn: string;
  endsOn: string;
}

/**
 * The domain's checks (name, dates), then R-MONEY-2 on both texts as on a tournament's: a refused text is a
 * 422, a text the checker holds is stored with what an operator must look at.
 */
function fieldsOf(input: SeriesInput): SeriesFields {
  const name = input.name.trim();
  const description = (input.description ?? '').trim();
  checkSeries({ name, startsOn: input.startsOn, endsOn: input.endsOn });
  if (description.length > MAX_DESCRIPTION)
    throw ruleError('SERIES_INVALID', 'Invalid series', [{ field: 'description', message: `at most ${MAX_DESCRIPTION} characters` }]);
  assertNoMoneyWording('description', description, 'description');
  const held = [...moneyReviewItems('name', name, 'name'), ...moneyReviewItems('description', description, 'description')];
  return { name, description, startsOn: input.startsOn, endsOn: input.endsOn, ...(held.length > 0 ? { moneyReview: held } : {}) };
}

export async function createSeries(clubId: string, input: SeriesInput, now: number): Promise<StoredSeries> {
  const at = new Date(now).toISOString();
  const series: StoredSeries = { clubId, seriesId: newId('ser', now), ...fieldsOf(input), version: 1, createdAt: at, updatedAt: at };
  await putNewSeries(series);
  return series;
}

export const readSeries = (clubId: string, seriesId: string): Promise<StoredSeries> => requireSeries(clubId, seriesId);

/** Edits the given fields; `expectedVersion` (If-Match) must be the stored one. */
export async function editSeries(
  clubId: string,
  seriesId: string,
  patch: Partial<SeriesInput>,
  now: number,
  expectedVersion?: number,
): Promise<StoredSeries> {
  const current = await requireSeries(clubId, seriesId);
  if (expectedVersion !== undefined && expectedVersion !== current.version)
    throw new VersionMismatch(current.version, expectedVersion, 'series');
  const merged: SeriesInput = {
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    startsOn: patch.startsOn ?? current.startsOn,
    endsOn: patch.endsOn ?? current.endsOn,
  };
  return updateSeries(current, fieldsOf(merged), new Date(now).toISOString());
}

export const clubSeries = (clubId: string, limit: number, cursor: string | null) => listSeries(clubId, limit, cursor);
