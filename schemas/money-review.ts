import * as z from './zod';
import { MAX_OPERATOR_REASON_LENGTH } from './limits';
import { humanText } from './text';
import { Id, Timestamp } from './common';

/** R-MONEY-2: texts held for an operator's review, as the club and the operators read them. */
export const MoneyReviewItem = z
  .object({
    field: z.string().openapi({ description: 'The field, as in a 422 (e.g. prizes[0].description)' }),
    fragment: z.string().openapi({ description: 'The piece of the text, as typed' }),
    reason: z.string().openapi({ description: 'Why it needs a person to look at it' }),
  })
  .openapi('MoneyReviewItem');

export const MoneyHold = z
  .object({
    status: z
      .enum(['held', 'rejected'])
      .openapi({ description: '`held`: waiting for an operator; `rejected`: refused, edit the texts to submit again' }),
    items: z.array(MoneyReviewItem),
    since: Timestamp,
    decidedBy: z.string().optional(),
    decidedAt: Timestamp.optional(),
    reason: z.string().optional(),
  })
  .openapi('MoneyHold', { description: 'R-MONEY-2: while present, registration cannot open and the tournament is not in the catalogue' });

export const MoneyReviewQueueItem = z
  .object({ clubId: Id, tournamentId: Id, name: z.string(), since: Timestamp, items: z.array(MoneyReviewItem) })
  .openapi('MoneyReviewQueueItem');

export const MoneyReviewDecisionBody = z
  .strictObject({
    decision: z.enum(['approve', 'reject']),
    reason: humanText({ min: 1, max: MAX_OPERATOR_REASON_LENGTH, multiline: true })
      .optional()
      .openapi({ description: 'Why; required to reject (422 `REASON_REQUIRED`), optional to approve. The club reads it' }),
  })
  .openapi('MoneyReviewDecision');

/** R-MONEY-2: the operator's last decision on a tournament's held texts, as the club reads it. */
export const MoneyReviewOutcome = z
  .object({
    decision: z.enum(['approve', 'reject']),
    decidedBy: z.string().openapi({ description: "The operator's id" }),
    decidedAt: Timestamp,
    reason: z.string().optional(),
    items: z.array(MoneyReviewItem).openapi({ description: 'The texts decided on' }),
  })
  .openapi('MoneyReviewOutcome');
