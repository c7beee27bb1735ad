import { conflict, ruleError, type FieldIssue } from '../core/errors';
import { MAX_ID_LENGTH } from '../core/limits';
import { assertNoMoneyWording } from '../text/money-wording';
import { MAX_SEASON_NAME } from './limits';

/** R-SER-1: a series groups tournaments of one club (a festival, a season) under a name and dates. */
export interface Series {
  id: string;
  clubId: string;
  name: string;
  /** Calendar dates, YYYY-MM-DD, inclusive. */
  startsOn: string;
  endsOn: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (d: unknown): d is string =>
  typeof d === 'string' &&
  DATE.test(d) &&
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
  new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** Checks a series' name and dates (422 SERIES_INVALID naming the fields). */
export function checkSeries(s: Pick<Series, 'name' | 'startsOn' | 'endsOn'>): void {
  const issues: FieldIssue[] = [];
  if (typeof s.name !== 'string' || s.name.trim().length === 0 || s.name.length > MAX_SEASON_NAME)
    issues.push({ field: 'name', message: `1 to ${MAX_SEASON_NAME} characters` });
  else assertNoMoneyWording('name', s.name, 'name');
  if (!validDate(s.startsOn)) issues.push({ field: 'startsOn', message: 'a date YYYY-MM-DD' });
  if (!validDate(s.endsOn)) issues.push({ field: 'endsOn', message: 'a date YYYY-MM-DD' });
  else if (validDate(s.startsOn) && s.endsOn < s.startsOn) issues.push({ field: 'endsOn', message: 'not before startsOn' });
  if (issues.length > 0) throw ruleError('SERIES_INVALID', 'Invalid series', issues);
}

/**
 * R-SER-1: may this tournament join the series? Same club, and in no other series. Returns false when
 * it is already in this one (nothing to do).
 */
export function assertJoinsSeries(
  series: Pick<Series, 'id' | 'clubId'>,
  tournament: { id: string; clubId: string; seriesId?: string },
): boolean {
  if (tournament.clubId !== series.clubId)
    throw ruleError('SERIES_OTHER_CLUB', 'A series groups tournaments of its own club only', [
      { field: 'tournamentId', message: 'another club' },
    ]);
  if (tournament.seriesId === series.id) return false;
  if (tournament.seriesId !== undefined)
    throw conflict('TOURNAMENT_IN_ANOTHER_SERIES', `Tournament ${tournament.id} already belongs to series ${tournament.seriesId}`);
  if (tournament.id.length > MAX_ID_LENGTH)
    throw ruleError('SERIES_INVALID', 'Invalid tournament id', [{ field: 'tournamentId', message: 'too long' }]);
  return true;
}
