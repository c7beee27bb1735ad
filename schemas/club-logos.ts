import * as z from './zod';

/** What an upload stored: the media type its bytes are and their size. */
export const ClubLogo = z
  .object({
    contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
    bytes: z.number().int().min(1),
  })
  .openapi('ClubLogo');
