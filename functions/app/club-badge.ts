import { entities } from '../store/entities';
import { NOTHING_PREFETCHED, prefetchedItem, type Prefetched } from '../runtime/prefetch';
import { clubItemKey } from './clubs';

/** What a screen's header shows of the club: its name, and its logo's version tag (null when it has none). */
export interface ClubBadge {
  name: string | null;
  logo: string | null;
}

/**
 * Club badges for the screens, per warm container: screens poll every few seconds and a club's name or
 * logo rarely changes, so one read per club per minute instead of one per poll. A minute, not more: the
 * clock's and the seating board's public ETags name the logo, so a new one reaches their TVs within it
 * and a poll (docs/decisions.md, "The club's logo on the screens").
 */
const badges = new Map<string, { badge: ClubBadge; at: number }>();
const CLUB_BADGE_TTL_MS = 60_000;

/** The container's copy of a club's badge while it is fresh. */
export const freshClubBadge = (clubId: string, now: number): ClubBadge | undefined => {
  const hit = badges.get(clubId);
  return hit !== undefined && now - hit.at < CLUB_BADGE_TTL_MS ? hit.badge : undefined;
};

/** A new or removed logo: this container's copy goes (another container's lasts its few minutes). */
export const forgetClubBadge = (clubId: string): void => void badges.delete(clubId);

const badgeOf = (item: Record<string, unknown> | null | undefined): ClubBadge => {
  const logo = item?.logo as { etag?: unknown } | undefined;
  return { name: typeof item?.name === 'string' ? item.name : null, logo: typeof logo?.etag === 'string' ? logo.etag : null };
};

export async function clubBadgeOf(clubId: string, now: number, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<ClubBadge> {
  // A staff request read the club with its authorization (the route's prefetch): fresher, and no round trip.
  const item = prefetchedItem(prefetched, clubItemKey(clubId));
  const fresh = item === undefined ? freshClubBadge(clubId, now) : undefined;
  if (fresh) return fresh;
  const badge = badgeOf(
    item !== undefined
      ? item
      : (
          await entities()
            .club.get({ clubId })
            .go({ attributes: ['name', 'logo'] })
        ).data,
  );
  if (badges.size >= 1000) badges.clear();
  badges.set(clubId, { badge, at: now });
  return badge;
}
