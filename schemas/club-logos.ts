import * as z from './zod';
import { Id } from './common';

/** What an upload stored: the media type its bytes are and their size. */
export const ClubLogo = z
  .object({
    contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
    bytes: z.number().int().min(1),
  })
  .openapi('ClubLogo');

/** On a screen's data: the version of the club's logo its header shows, for the logo URL's `?v=`. */
export const ClubLogoVersion = z.string().nullable().openapi({
  description:
    "the version (ETag, unquoted) of the club's logo for the screen's header, at getClubLogo with ?v=<it>; null when the club has none",
});

/** What a screen puts on the logo's URL: its version, so that a new upload is a new URL to the TV's cache. */
export const ClubLogoQuery = z.strictObject({
  v: Id.optional().openapi({ description: 'the version the screen shows (clubLogo of its data); any value answers the current logo' }),
});
