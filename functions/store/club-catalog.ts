/**
 * The public catalogue's sort key of a club (R-CLUB-1): clubs sort by city, then name, and a city
 * filter is a key prefix. Both parts are compared case- and ё-insensitively; `#` is the separator,
 * so it never appears inside a part.
 */
export function catalogPart(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[#\s]+/g, ' ')
    .trim();
}

/** The key prefix that selects one city. */
export const catalogCityPrefix = (city: string): string => `${catalogPart(city)}#`;

/** The key while the club is listed; undefined while it is suspended (the sparse index drops it). */
export function clubCatalogKey(club: { clubId: string; name: string; city: string; suspended: boolean }): string | undefined {
  if (club.suspended) return undefined;
  return `${catalogPart(club.city)}#${catalogPart(club.name)}#${club.clubId}`;
}
