/**
 * The local scheduler's schedules (AWS keeps them in EventBridge Scheduler). Two items per schedule:
 * the queue item, sorted by due time so that the poller reads only what is due, and a lookup item by
 * name so that replacing or cancelling finds the queue item without a scan.
 */
import { defineRecord } from '../table/record-type';

export interface ScheduleRow {
  /** `<due ISO>#<name>`: ISO times sort as text, the name keeps equal times apart. */
  slot: string;
  name: string;
  dueAt: string;
  payload: unknown;
  /** Failed runs so far (the poller retries a few times, as EventBridge's retry policy does). */
  attempts: number;
}

export const scheduleRecord = defineRecord<ScheduleRow, 'slot'>({
  entity: 'schedule',
  attributes: { slot: true, name: true, dueAt: true, payload: true, attempts: true },
  keyAttributes: ['slot'],
  partition: () => 'schedules',
  sort: (r) => r.slot,
  skPrefix: '',
  defaults: { attempts: 0 },
});

export interface ScheduleNameRow {
  name: string;
  slot: string;
}

export const scheduleNameRecord = defineRecord<ScheduleNameRow, 'name'>({
  entity: 'scheduleName',
  attributes: { name: true, slot: true },
  keyAttributes: ['name'],
  partition: (r) => `schedule#${r.name}`,
  sort: () => 'schedule',
  skPrefix: 'schedule',
});
