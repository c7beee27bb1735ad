import * as z from './zod';
import { MAX_SEASON_NAME } from '../domain/season/limits';
import { MAX_DESCRIPTION } from '../domain/tournaments/settings';
import { humanText } from './text';
import { Id, Timestamp } from './common';
import { MoneyReviewItem } from './money-review';

/*
 * R-SER-1: a club's series. The schema checks shapes; the domain checks the dates (real calendar days, end
 * not before start: 422 SERIES_INVALID) and the money wording (422 MONEY_WORDING, or held for review).
 */

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .openapi({ example: '2026-12-10' });
const name = humanText({ min: 1 }).openapi({ maxLength: MAX_SEASON_NAME });
const description = humanText({ multiline: true }).openapi({ maxLength: MAX_DESCRIPTION });

export const CreateSeriesBody = z
  .strictObject({ name, description: description.optional(), startsOn: day, endsOn: day })
  .openapi('CreateSeries', { example: { name: 'Winter festival', startsOn: '2026-12-10', endsOn: '2026-12-20' } });

export const UpdateSeriesBody = z
  .strictObject({ name: name.optional(), description: description.optional(), startsOn: day.optional(), endsOn: day.optional() })
  .openapi('UpdateSeries');

export const SeriesParams = z.strictObject({ clubId: Id, seriesId: Id });

export const Series = z
  .object({
    seriesId: Id,
    clubId: Id,
    name: z.string(),
    description: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    moneyHold: z.array(MoneyReviewItem).optional().openapi({ description: 'R-MONEY-2: texts held for an operator' }),
    version: z.number().int(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Series');

export const AttachSeriesBody = z.strictObject({ seriesId: Id }).openapi('AttachSeries', { example: { seriesId: 'ser_01' } });

/** A tournament's series after a change: which one (null: none) and the tournament's version. */
export const TournamentSeries = z
  .object({ tournamentId: Id, seriesId: Id.nullable(), version: z.number().int() })
  .openapi('TournamentSeries');

/** R-SER-1: the public view of a series: no review details, nothing but what the club publishes. */
export const CatalogSeries = z
  .object({ seriesId: Id, clubId: Id, name: z.string(), description: z.string(), startsOn: z.string(), endsOn: z.string() })
  .openapi('CatalogSeries');

export const CatalogSeriesPage = z.object({
  items: z.array(CatalogSeries),
  nextCursor: z.string().nullable(),
});

export const CatalogSeriesSchedule = CatalogSeries.extend({
  schedule: z
    .array(
      z.object({
        tournamentId: Id,
        name: z.string(),
        status: z.string(),
        startAt: Timestamp,
        prizesGuaranteed: z.boolean().optional().openapi({ description: 'R-GTD-1: its prizes are guaranteed' }),
      }),
    )
    .openapi({ description: 'Its tournaments the catalogue lists, by start' }),
}).openapi('CatalogSeriesSchedule');
