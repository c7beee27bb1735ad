import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * A player's schedule (R-REG-1, functions/store/player-schedule.ts): `player#<id>` / `schedule`, beside the
 * profile. `regs` maps `<clubId>.<tournamentId>` to the registration's window; a write names one entry by
 * its path, conditioned on `v`. `regs` is not `required`: ElectroDB would then refuse the nested `set` and
 * `remove` of one entry. Schedules written before this entity have no identity attributes: reads ignore
 * ownership.
 */
export const playerScheduleEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'playerSchedule', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        /** The schedule's version: each registration's write is conditioned on the one it read. */
        v: { type: 'number', required: true },
        regs: { type: 'any' },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['playerId'], template: 'player#${playerId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'schedule', casing: 'none' },
        },
      },
    },
    config,
  );

export type PlayerScheduleEntity = ReturnType<typeof playerScheduleEntity>;
export type PlayerScheduleRow = EntityItem<PlayerScheduleEntity>;
