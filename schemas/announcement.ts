import * as z from './zod';
import { MAX_ANNOUNCEMENT_LENGTH } from '../domain/floor/announcement';
import { humanText } from './text';
import { Id, Timestamp } from './common';

/** The line the floor puts on the clock screen. */

export const AnnouncementBody = z
  .strictObject({
    text: humanText({ min: 1 }).openapi({
      maxLength: MAX_ANNOUNCEMENT_LENGTH,
      description: 'one line for the TV; the domain checks the length',
    }),
  })
  .openapi('AnnouncementInput');

export const Announcement = z
  .object({ text: z.string(), at: Timestamp, by: z.string().openapi({ description: 'who put it up' }) })
  .openapi('Announcement');

export const AnnouncementView = z
  .object({ tournamentId: Id, version: z.number().int(), announcement: Announcement.nullable() })
  .openapi('AnnouncementState');
