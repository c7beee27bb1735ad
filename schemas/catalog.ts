import * as z from './zod';
import { MAX_CITY_LENGTH } from './limits';
import { humanText } from './text';
import { Id, PageQuery } from './common';
import { VERIFIED_MEANS } from './verification';

/** R-CLUB-1, said with every page of the catalogue. */
export const CATALOGUE_NOTICE =
  'The catalogue is informational. Each club is an independent third party that runs its own events; a listing is not an endorsement.';

export const CatalogClubsQuery = PageQuery.extend({
  city: humanText({ min: 1, max: MAX_CITY_LENGTH }).optional(),
  verified: z.enum(['true', 'false']).optional().openapi({ description: 'true: verified clubs only; false: the others only' }),
});

/** The public view of a club: what the club publishes, never its legal numbers or attestation. */
export const CatalogClub = z
  .object({
    clubId: Id,
    name: z.string(),
    city: z.string(),
    address: z.string(),
    contacts: z.object({ phone: z.string().optional(), email: z.string().optional(), website: z.string().optional() }).optional(),
    verified: z.boolean().openapi({ description: VERIFIED_MEANS }),
  })
  .openapi('CatalogClub');

export const CatalogClubsPage = z
  .object({
    items: z.array(CatalogClub),
    nextCursor: z.string().nullable(),
    notice: z.string().openapi({ description: CATALOGUE_NOTICE }),
    verifiedMeans: z.string(),
  })
  .openapi('CatalogClubsPage');
