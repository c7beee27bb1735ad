import { entities } from '../store/entities';
import { batchGet, readCount } from '../store/entities/items';
import { catalogCityPrefix } from '../store/club-catalog';
import type { Page, PageRequest } from './page';
import { guaranteedTournaments } from './season/series-catalog';

/** The public catalogue: upcoming tournaments across clubs, and the listed clubs (R-CLUB-1). */

/** The city as the catalogue compares it (case and ё folded), for what binds a cursor to its filter. */
export { catalogPart } from '../store/club-catalog';

export interface CatalogTournament {
  tournamentId: string;
  clubId: string;
  name: string;
  /** As stored; the route checks it against the contract's statuses. */
  status: string;
  startAt: string;
  city?: string;
  /** R-GTD-1: its prize rows are awarded whatever the field. */
  prizesGuaranteed?: boolean;
}

/** Tournaments starting in [from, to] (from defaults to now), in one city when given, by start time. */
export async function catalogTournaments(
  filter: { city?: string | undefined; from?: string | undefined; to?: string | undefined },
  page: PageRequest,
  now: number,
): Promise<Page<CatalogTournament>> {
  const { city, from, to } = filter;
  const start = from ?? new Date(now).toISOString();
  const { tournament, club } = entities();
  const index = tournament.query.catalog({});
  const range = to ? index.between({ catalogKey: start }, { catalogKey: `${to}~` }) : index.gte({ catalogKey: start });
  const { data, cursor } = await range.where((t, { eq }) => (city ? eq(t.city, city) : '')).go(page);
  // A suspended club's tournaments are not listed (R-MOD-1); its data stays.
  const clubIds = [...new Set(data.map((t) => t.clubId))];
  const clubs = await batchGet(
    clubIds.map((clubId) => ({ clubId })),
    (keys) => club.get(keys).go({ unprocessed: 'item' }),
  );
  const suspended = new Set(clubs.filter((c) => c.suspended).map((c) => c.clubId));
  // R-GTD-1: the index carries no settings; the page's roots say which prizes are guaranteed.
  const guaranteed = await guaranteedTournaments(data);
  const items = data
    .filter((t) => !suspended.has(t.clubId))
    .map((t) => ({
      tournamentId: t.tournamentId,
      clubId: t.clubId,
      name: t.name,
      status: t.status,
      startAt: t.startsAt,
      ...(t.city ? { city: t.city } : {}),
      ...(guaranteed.has(t.tournamentId) ? { prizesGuaranteed: true } : {}),
    }));
  return { items, cursor };
}

export interface CatalogClub {
  clubId: string;
  name: string;
  city: string;
  address: string;
  contacts?: { phone?: string; email?: string; website?: string };
  verified: boolean;
}

/**
 * R-CLUB-1: the listed clubs by city then name, each as its explicit public view. Only listed clubs
 * are in the index (a suspended club has no catalogue key, R-CLUB-4).
 */
export async function catalogClubs(
  filter: { city?: string | undefined; verified?: boolean | undefined },
  page: PageRequest,
): Promise<Page<CatalogClub>> {
  const { city, verified } = filter;
  // Keeps reading past filtered-out clubs until the page is full.
  const index = entities().club.query.catalog({});
  const query = (city ? index.begins({ catalogKey: catalogCityPrefix(city) }) : index).where((c, { eq, ne }) =>
    verified === true ? eq(c.verificationStatus, 'verified') : verified === false ? ne(c.verificationStatus, 'verified') : '',
  );
  const { data, cursor } = await readCount(page.limit, page.cursor, (n, at) => query.go({ limit: n, cursor: at }));
  const items = data
    .filter((c) => !c.suspended)
    .map((c) => ({
      clubId: c.clubId,
      name: c.name,
      city: c.city,
      address: c.address,
      ...(c.contacts ? { contacts: c.contacts } : {}),
      verified: c.verificationStatus === 'verified',
    }));
  return { items, cursor };
}
