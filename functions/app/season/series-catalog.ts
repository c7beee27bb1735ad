import { NotFound } from '../../runtime/errors';
import { entities } from '../../store/entities';
import { listSeries, getSeries, seriesNotFound, seriesTournamentIds, type StoredSeries } from '../../store/series-store';
import { settingsOfRoot, tournamentRoots } from '../../store/tournament-store';

/*
 * R-SER-1: a series' public page in the catalogue. As with tournaments, a suspended club's series are not
 * shown (R-MOD-1), a series whose texts wait for an operator is not shown either (R-MONEY-2), and its
 * schedule lists the tournaments the catalogue lists (announced or open, not hidden), by start.
 */

async function requireListedClub(clubId: string): Promise<void> {
  const { data } = await entities().club.get({ clubId }).go();
  if (!data || data.suspended) throw new NotFound('CLUB_NOT_FOUND', 'No such club in the catalogue');
}

const shown = (s: StoredSeries | undefined): s is StoredSeries => s !== undefined && !s.moneyReview;

/** A page of the club's shown series (a page may hold fewer when some are held). */
export async function catalogClubSeries(clubId: string, limit: number, cursor: string | null) {
  await requireListedClub(clubId);
  const { data, cursor: next } = await listSeries(clubId, limit, cursor);
  return { items: data.filter(shown), cursor: next };
}

export interface ScheduledTournament {
  tournamentId: string;
  name: string;
  status: string;
  startAt: string;
  prizesGuaranteed?: true;
}

/** R-GTD-1: whether a root's prizes are guaranteed, from the settings it lists. */
const guaranteedRoot = (r: { settings?: string | undefined }): boolean =>
  r.settings !== undefined && settingsOfRoot(r).prizesGuaranteed === true;

/** R-GTD-1: which of these tournaments announce guaranteed prizes (the catalogue index does not carry settings). */
export async function guaranteedTournaments(keys: readonly { clubId: string; tournamentId: string }[]): Promise<Set<string>> {
  const roots = await tournamentRoots(keys);
  return new Set(roots.filter(guaranteedRoot).map((r) => r.tournamentId));
}

/** The series and its schedule. */
export async function catalogSeries(clubId: string, seriesId: string) {
  await requireListedClub(clubId);
  const series = await getSeries(clubId, seriesId);
  if (!shown(series)) throw seriesNotFound();
  const ids = await seriesTournamentIds(clubId, seriesId);
  const roots = await tournamentRoots(ids.map((tournamentId) => ({ clubId, tournamentId })));
  const schedule: ScheduledTournament[] = roots
    .filter((r) => typeof r.catalogKey === 'string' && r.catalogKey.length > 0)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.tournamentId.localeCompare(b.tournamentId))
    .map((r) => ({
      tournamentId: r.tournamentId,
      name: r.name,
      status: r.status,
      startAt: r.startsAt,
      ...(guaranteedRoot(r) ? { prizesGuaranteed: true as const } : {}),
    }));
  return { series, schedule };
}
