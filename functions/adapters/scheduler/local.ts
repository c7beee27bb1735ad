import { scheduleNameRecord, scheduleRecord } from '../../store/records/schedule';
import { deleteRequest, getRecord, putRequest, writeTransaction } from '../../store/table/record-ops';
import type { ScheduledJob, SchedulerPort } from './port';

export const slotOf = (dueAt: string, name: string): string => `${dueAt}#${name}`;

/**
 * The scheduler on a laptop and in tests: schedules are items in the table (queue item by due time
 * plus a lookup item by name), fired by the in-process poller (local-poller.ts) with the same job
 * handler Lambda runs. Nothing survives in memory, so a restart of `npm start` keeps pending jobs.
 */
export class LocalScheduler implements SchedulerPort {
  async schedule(job: ScheduledJob): Promise<void> {
    const dueAt = new Date(job.at).toISOString();
    const slot = slotOf(dueAt, job.name);
    const previous = await getRecord(scheduleNameRecord, { name: job.name });
    const { canceled } = await writeTransaction([
      ...(previous && previous.slot !== slot ? [{ Delete: deleteRequest(scheduleRecord, { slot: previous.slot }) }] : []),
      { Put: putRequest(scheduleRecord, { slot, name: job.name, dueAt, payload: job.payload, attempts: 0 }) },
      { Put: putRequest(scheduleNameRecord, { name: job.name, slot }) },
    ]);
    if (canceled) throw new Error(`local scheduler: could not schedule ${job.name}`);
  }

  async cancel(name: string): Promise<void> {
    const lookup = await getRecord(scheduleNameRecord, { name });
    if (!lookup) return;
    await writeTransaction([{ Delete: deleteRequest(scheduleRecord, { slot: lookup.slot }) }, { Delete: deleteRequest(scheduleNameRecord, { name }) }]);
  }
}
