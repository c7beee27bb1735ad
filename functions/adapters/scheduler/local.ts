import { entities, store } from '../../store/entities';
import type { ScheduledJob, SchedulerPort } from './port';

export const slotOf = (dueAt: string, name: string): string => `${dueAt}#${name}`;

/**
 * The scheduler on a laptop and in tests: schedules are items in the table (queue item by due time
 * plus a lookup item by name), fired by the local server's poller (scripts/local/adapters/scheduler-poller.ts)
 * with the same job handler Lambda runs. Nothing survives in memory, so a restart of `npm start` keeps
 * pending jobs. It stays among the functions because the local API's bundles pick it by env SCHEDULER
 * (each bundle has its own module instances, which no setter of this process reaches).
 */
export class LocalScheduler implements SchedulerPort {
  async schedule(job: ScheduledJob): Promise<void> {
    const dueAt = new Date(job.at).toISOString();
    const slot = slotOf(dueAt, job.name);
    const { data: previous } = await entities().scheduleName.get({ name: job.name }).go();
    const { canceled } = await store()
      .transaction.write(({ schedule, scheduleName }) => [
        ...(previous && previous.slot !== slot ? [schedule.delete({ slot: previous.slot }).commit()] : []),
        schedule.put({ slot, name: job.name, dueAt, payload: job.payload, attempts: 0 }).commit(),
        scheduleName.put({ name: job.name, slot }).commit(),
      ])
      .go();
    if (canceled) throw new Error(`local scheduler: could not schedule ${job.name}`);
  }

  async create(job: ScheduledJob): Promise<void> {
    if ((await entities().scheduleName.get({ name: job.name }).go({ consistent: true })).data) return;
    const dueAt = new Date(job.at).toISOString();
    const slot = slotOf(dueAt, job.name);
    const { canceled } = await store()
      .transaction.write(({ schedule, scheduleName }) => [
        schedule.put({ slot, name: job.name, dueAt, payload: job.payload, attempts: 0 }).commit(),
        scheduleName.create({ name: job.name, slot }).commit(),
      ])
      .go();
    // Refused because a concurrent writer made that name meanwhile: the same job, kept.
    if (canceled && !(await entities().scheduleName.get({ name: job.name }).go({ consistent: true })).data) {
      throw new Error(`local scheduler: could not create ${job.name}`);
    }
  }

  async cancel(name: string): Promise<void> {
    const { data: lookup } = await entities().scheduleName.get({ name }).go();
    if (!lookup) return;
    await store()
      .transaction.write(({ schedule, scheduleName }) => [
        schedule.delete({ slot: lookup.slot }).commit(),
        scheduleName.delete({ name }).commit(),
      ])
      .go();
  }
}
