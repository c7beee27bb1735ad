/*
 * Conditional GETs (RFC 9110 §13.1.2): whether the tags a client already holds name the answer it would get.
 */

/** The entity tags of an If-None-Match list, weak ones compared as strong (`W/` dropped), quotes kept. */
const tagsOf = (header: string): string[] => header.split(',').map((t) => t.trim().replace(/^W\//, ''));

/** Whether If-None-Match (a list of tags, or `*`) names `etag` (quoted): the answer may be a 304. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  return header !== undefined && tagsOf(header).some((tag) => tag === '*' || tag === etag);
}

/**
 * Whether If-None-Match names some tag whose part before the first `.` is `prefix`: a tournament's public
 * views tag their answers `"<version>.<logo>"`, and a tag of this version may still match.
 */
export function noneMatchPrefix(header: string | undefined, prefix: string): boolean {
  return header !== undefined && tagsOf(header).some((tag) => tag === '*' || tag.replace(/^"|"$/g, '').split('.')[0] === prefix);
}
