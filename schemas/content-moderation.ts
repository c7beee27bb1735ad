import * as z from './zod';
import { MAX_REASON } from '../domain/moderation/content';
import { MAX_PRIZE_ROWS } from '../domain/tournaments/settings';
import { humanText } from './text';
import { Id, Timestamp } from './common';

/** R-MOD-1: hide (or show again) one piece of content, always with a reason the club is told. */
export const VisibilityBody = z
  .strictObject({ hidden: z.boolean(), reason: humanText({ min: 1, max: MAX_REASON, multiline: true }) })
  .openapi('ContentVisibility', { example: { hidden: true, reason: 'The prize text offers a cash equivalent' } });

export const ContentKind = z.enum(['tournament', 'prize_row', 'mystery_prize', 'display_name']);

export const VisibilityResult = z
  .object({
    kind: ContentKind,
    targetId: z.string().openapi({ description: 'the tournament id, the prize row index, the mystery draw id or the player id' }),
    tournamentId: Id.optional(),
    hidden: z.boolean(),
    reason: z.string(),
    by: z.string(),
    at: Timestamp,
  })
  .openapi('ContentVisibilityResult');

export const PrizeRowParams = z.strictObject({
  clubId: Id,
  tournamentId: Id,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_PRIZE_ROWS - 1),
});
export const MysteryDrawParams = z.strictObject({ clubId: Id, tournamentId: Id, drawId: Id });

export const ModerationNotice = z
  .object({
    noticeId: z.string(),
    at: Timestamp,
    action: z.string().openapi({ description: 'hide, restore, suspend, unsuspend, ...' }),
    kind: z.string().openapi({ description: 'what it concerns: club, tournament, prize_row, mystery_prize' }),
    tournamentId: Id.optional(),
    targetId: z.string().optional(),
    reason: z.string(),
    by: z.string().optional().openapi({ description: 'The operator who decided' }),
  })
  .openapi('ModerationNotice');
