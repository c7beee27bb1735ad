import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/*
 * The local scheduler's schedules (AWS keeps them in EventBridge Scheduler). Two items per schedule:
 * the queue item, sorted by due time so that the poller reads only what is due, and a lookup item by
 * name so that replacing or cancelling finds the queue item without a scan.
 */

/** `slot` is `<due ISO>#<name>`: ISO times sort as text, the name keeps equal times apart. */
export const scheduleEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'schedule', version: '1', service: 'sportpoker' },
      attributes: {
        slot: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true, readOnly: true },
        dueAt: { type: 'string', required: true, readOnly: true },
        payload: { type: 'any', required: true, readOnly: true },
        /** Failed runs so far (the poller retries a few times, as EventBridge's retry policy does). */
        attempts: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: [], template: 'schedules', casing: 'none' },
          sk: { field: 'sk', composite: ['slot'], template: '${slot}', casing: 'none' },
        },
      },
    },
    config,
  );

export const scheduleNameEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'scheduleName', version: '1', service: 'sportpoker' },
      attributes: {
        name: { type: 'string', required: true, readOnly: true },
        slot: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['name'], template: 'schedule#${name}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'schedule', casing: 'none' },
        },
      },
    },
    config,
  );

export type ScheduleEntity = ReturnType<typeof scheduleEntity>;
export type ScheduleRow = EntityItem<ScheduleEntity>;

export type ScheduleNameEntity = ReturnType<typeof scheduleNameEntity>;
export type ScheduleNameRow = EntityItem<ScheduleNameEntity>;
