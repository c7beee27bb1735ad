import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/*
 * The level end a tournament's clock last had scheduled (functions/app/jobs/schedules.ts): written after
 * the scheduler took it, so a create that failed leaves it behind the clock and the next read or command
 * arms the level end again. `(revision, levelIndex)` orders level ends (domain/clock/timer.ts): an older
 * state never replaces a newer one here.
 */
export const armedLevelEndEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'armedLevelEnd', version: '1', service: 'sportpoker' },
      attributes: {
        tournamentId: { type: 'string', required: true, readOnly: true },
        /** The schedule's name (levelEndJobName). */
        name: { type: 'string', required: true },
        revision: { type: 'number', required: true },
        levelIndex: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['tournamentId'], template: 'schedule#armed#${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'level-end', casing: 'none' },
        },
      },
    },
    config,
  );

export type ArmedLevelEndEntity = ReturnType<typeof armedLevelEndEntity>;
export type ArmedLevelEndRow = EntityItem<ArmedLevelEndEntity>;
