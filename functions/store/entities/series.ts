import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * R-SER-1: a club's series (a festival, a season), in the club's partition. Name and dates were checked by
 * the domain (`checkSeries`) before every write.
 */
export const seriesEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'series', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        seriesId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        description: { type: 'string', required: true },
        /** Calendar dates YYYY-MM-DD, inclusive. */
        startsOn: { type: 'string', required: true },
        endsOn: { type: 'string', required: true },
        /** R-MONEY-2: texts the money check holds for an operator; the series stays out of the catalogue meanwhile. */
        moneyReview: { type: 'any' },
        /** Goes up by one on every edit (optimistic check for PATCH). */
        version: { type: 'number', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: ['seriesId'], template: 'series#${seriesId}', casing: 'none' },
        },
      },
    },
    config,
  );

/**
 * R-SER-1: one tournament of a series, in the series' own partition, so its schedule is one Query. Written in
 * the transaction of the tournament's event that attaches it, deleted with the one that detaches it.
 */
export const seriesTournamentEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'seriesTournament', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        seriesId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        attachedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId', 'seriesId'], template: 'club#${clubId}#series#${seriesId}', casing: 'none' },
          sk: { field: 'sk', composite: ['tournamentId'], template: 't#${tournamentId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type SeriesEntity = ReturnType<typeof seriesEntity>;
export type SeriesRow = EntityItem<SeriesEntity>;
