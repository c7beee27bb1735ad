import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject, vi } from 'vitest';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import { randomUUID } from 'node:crypto';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  InternalServerException,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { startLocalStreamPoller, type LocalStreamPoller } from '../../scripts/local/adapters/stream-poller';
import { resetConfig } from '../../functions/runtime/config';
import { resetDynamo } from '../../functions/store/client';
import { newId } from '../../functions/runtime/ids';
import { metrics } from '../../functions/runtime/metrics';
import { entities } from '../../functions/store/entities';
import { createTournamentItem, loadTournament, loadTournamentAt, mutateTournament } from '../../functions/store/tournament-store';
import type { StoredTournament } from '../../functions/store/tournament-store';
import { useScheduler } from '../../functions/adapters/scheduler';
import { AwsScheduler, clientTokenOf, type AwsSchedulerConfig } from '../../functions/adapters/scheduler/aws';
import { levelEndJobName, noShowJobName, rearmLevelEnd, SCHEDULING_FAILED } from '../../functions/app/jobs/schedules';
import { runClockCommand } from '../../functions/app/clock';
import { FALLBACK_PRESET } from '../../functions/store/blind-structures';
import { createTournament, openRegistration, register, startTournament } from '../../domain/tournaments';
import { addTime, pause, resume, start } from '../../domain/clock';
import type { Context } from '../../domain/core/context';
import { seededRandom } from '../../domain/core/random';

/**
 * The table's stream is the scheduling outbox (app/jobs/schedules.ts): the stream consumer makes and drops
 * EventBridge schedules from committed events, here against a mocked EventBridge Scheduler, so that every
 * request it sends is checked as sent. A Scheduler error fails the record (the stream delivers it again) and
 * is counted; a redelivered record sends nothing; a level end lost for good is armed again on the next read
 * or command.
 */

const T0 = Date.UTC(2026, 10, 29, 18, 0, 0);
const MIN = 60_000;
const cfg: AwsSchedulerConfig = {
  groupName: 'sport-poker-test',
  targetArn: 'arn:aws:lambda:eu-central-1:123456789012:function:sport-poker-test-jobs',
  roleArn: 'arn:aws:iam::123456789012:role/sport-poker-test-scheduler',
  deadLetterArn: 'arn:aws:sqs:eu-central-1:123456789012:sport-poker-test-jobs-dlq',
  maxRetryAttempts: 20,
  maxEventAgeSec: 3600,
};
const clubId = 'club_outbox';
const mock = mockClient(SchedulerClient);

/** What the consumer was handed and answered, per call. */
let handled: { records: DynamoDBRecord[]; response: DynamoDBBatchResponse | void }[] = [];
let streams: LocalStreamPoller;
let projectStreamRecords: (records: DynamoDBRecord[]) => Promise<DynamoDBBatchResponse>;

const ctxAt = (at: number): Context => ({
  now: at,
  actor: { id: 'floor', role: 'manager' },
  rng: seededRandom(3),
  newId: (p) => newId(p, at),
});

/** A tournament running since T0 - 5 min, its clock not started; late registration ends at T0 + 60 min. */
async function runningTournament(): Promise<StoredTournament> {
  const at = T0 - 10 * MIN;
  let r = createTournament(
    {
      clubId,
      clubCurrency: 'RUB',
      settings: { name: 'Outbox cup', startAt: T0 - 5 * MIN, lateRegEndsAt: T0 + 60 * MIN, buyIn: 1000, startingStack: 20_000 },
    },
    ctxAt(at),
  );
  r = openRegistration(r.state, ctxAt(at));
  r = startTournament(r.state, ctxAt(at));
  const state: StoredTournament = { ...r.state, version: 1 };
  await createTournamentItem(state);
  await streams.drain();
  return state;
}

const command = (t: StoredTournament, at: number) => ({ clubId, tournamentId: t.id, ctx: ctxAt(at) });

/** The one CreateSchedule the consumer sends for a level end, literally. */
const levelEndCreate = (t: StoredTournament, revision: number, levelIndex: number, expression: string) => {
  const name = levelEndJobName(t.id, { revision, levelIndex });
  return {
    Name: name,
    GroupName: cfg.groupName,
    ScheduleExpression: expression,
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: cfg.targetArn,
      RoleArn: cfg.roleArn,
      Input: JSON.stringify({ kind: 'level-end', clubId, tournamentId: t.id, revision, levelIndex }),
      RetryPolicy: { MaximumRetryAttempts: 20, MaximumEventAgeInSeconds: 3600 },
      DeadLetterConfig: { Arn: cfg.deadLetterArn },
    },
    ClientToken: clientTokenOf(name),
  };
};

/** The level-end requests of one tournament, as sent, in order. */
const sent = (command: typeof CreateScheduleCommand | typeof DeleteScheduleCommand, tournamentId: string) =>
  mock
    .calls()
    .map((c) => c.args[0])
    .filter((c) => c instanceof command)
    .map((c) => c.input as { Name?: string })
    .filter((i) => i.Name?.startsWith('lvl-') && i.Name.includes(tournamentId));

const schedulerError = () => new InternalServerException({ message: 'played by the test', Message: 'played by the test', $metadata: {} });

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  resetConfig();
  resetDynamo();
  useScheduler(new AwsScheduler(new SchedulerClient({ region: 'eu-central-1' }), cfg, () => T0));
  projectStreamRecords = (await import('../../functions/projections/consume')).projectStreamRecords;
  streams = startLocalStreamPoller({
    tableName,
    endpoint: inject('dynamoEndpoint'),
    // One retry, quickly: what fails twice is given up (the AWS mapping's DLQ), for the re-arm cases.
    maxRetries: 1,
    retryDelayMs: 20,
    handle: async (records) => {
      const response = await projectStreamRecords(records);
      handled.push({ records, response });
      return response;
    },
  });
});
beforeEach(() => {
  mock.reset();
  handled = [];
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  useScheduler(undefined);
  await streams.stop();
});

describe('schedules from the table stream (the outbox)', () => {
  it('R-CLK-5: a clock start arms its level end once, with a ClientToken of its name; the record delivered again sends nothing', async () => {
    const t = await runningTournament();
    expect(FALLBACK_PRESET.structure.levels[0]?.durationSec).toBe(1200);
    mock.reset();
    handled = [];
    await runClockCommand(command(t, T0), start);
    await streams.drain();
    expect(sent(CreateScheduleCommand, t.id)).toEqual([levelEndCreate(t, 1, 0, 'at(2026-11-29T18:20:00)')]);
    expect(sent(DeleteScheduleCommand, t.id)).toEqual([]);
    const armed = await entities().armedLevelEnd.get({ tournamentId: t.id }).go({ consistent: true });
    expect(armed.data).toMatchObject({ name: levelEndJobName(t.id, { revision: 1, levelIndex: 0 }), revision: 1, levelIndex: 0 });

    // At least once: the same records again (a retried batch) send no request at all for the clock.
    const records = handled.flatMap((h) => h.records);
    expect(records.length).toBeGreaterThan(0);
    expect((await projectStreamRecords(records)).batchItemFailures).toEqual([]);
    expect(sent(CreateScheduleCommand, t.id)).toHaveLength(1);
    expect(sent(DeleteScheduleCommand, t.id)).toEqual([]);
  });

  it('R-CLK-5: a pause drops the level end, a resume arms the next one; a schedule already there or already gone is success', async () => {
    const t = await runningTournament();
    await runClockCommand(command(t, T0), start);
    await streams.drain();
    mock.reset();
    handled = [];
    mock
      .on(DeleteScheduleCommand)
      .rejects(new ResourceNotFoundException({ message: 'fired and deleted', Message: 'fired and deleted', $metadata: {} }));
    await runClockCommand(command(t, T0 + 5 * MIN), pause);
    await streams.drain();
    expect(sent(DeleteScheduleCommand, t.id)).toEqual([
      { Name: levelEndJobName(t.id, { revision: 1, levelIndex: 0 }), GroupName: cfg.groupName },
    ]);
    expect(sent(CreateScheduleCommand, t.id)).toEqual([]);

    // Another writer made this name meanwhile: the same job, kept.
    mock.on(CreateScheduleCommand).rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }));
    await runClockCommand(command(t, T0 + 7 * MIN), resume);
    await streams.drain();
    // 15 of the 20 minutes were left at the pause: the level now ends at T0 + 22 min (revision 3: start, pause, resume).
    expect(sent(CreateScheduleCommand, t.id)).toEqual([levelEndCreate(t, 3, 0, 'at(2026-11-29T18:22:00)')]);
    expect(handled.flatMap((h) => h.response?.batchItemFailures ?? [])).toEqual([]);
    const armed = await entities().armedLevelEnd.get({ tournamentId: t.id }).go({ consistent: true });
    expect(armed.data).toMatchObject({ revision: 3, levelIndex: 0 });
  });

  it('a Scheduler error fails that record, is counted as SchedulingFailed, and the retry arms the level end once', async () => {
    const t = await runningTournament();
    const counted = vi.spyOn(metrics, 'addMetric');
    const name = levelEndJobName(t.id, { revision: 1, levelIndex: 0 });
    mock
      .on(CreateScheduleCommand, { Name: name })
      .rejectsOnce(schedulerError())
      .resolves({ ScheduleArn: `arn:schedule/${name}` });
    await runClockCommand(command(t, T0), start);
    await streams.drain();
    const create = levelEndCreate(t, 1, 0, 'at(2026-11-29T18:20:00)');
    expect(sent(CreateScheduleCommand, t.id)).toEqual([create, create]);
    // The failed record was reported (ReportBatchItemFailures), so the stream delivered it again.
    const failed = handled.filter((h) => (h.response?.batchItemFailures.length ?? 0) > 0);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.response?.batchItemFailures).toEqual([{ itemIdentifier: failed[0]?.records[0]?.dynamodb?.SequenceNumber }]);
    expect(streams.deadLetters).toEqual([]);
    expect(counted.mock.calls.filter(([metric]) => metric === SCHEDULING_FAILED)).toHaveLength(1);
    expect((await entities().armedLevelEnd.get({ tournamentId: t.id }).go({ consistent: true })).data?.name).toBe(name);
  });

  it('a level end lost for good (every retry failed) is armed again by the next command, though it does not move the clock', async () => {
    const t = await runningTournament();
    mock.on(CreateScheduleCommand).rejects(schedulerError());
    await runClockCommand(command(t, T0), start);
    await streams.drain();
    // Given up after its retry: what the AWS mapping sends to its dead-letter queue.
    expect(streams.deadLetters.length).toBeGreaterThan(0);
    expect((await entities().armedLevelEnd.get({ tournamentId: t.id }).go({ consistent: true })).data).toBeNull();

    mock.reset();
    // A late registration: neither the clock nor the no-show run moves.
    const ctx = { ...ctxAt(T0 + MIN), actor: { id: 'floor', role: 'manager' as const } };
    await mutateTournament(clubId, t.id, (s) => register(s, { playerId: `late-${randomUUID()}`, otherRegistrations: [] }, ctx));
    await streams.drain();
    expect(sent(CreateScheduleCommand, t.id)).toEqual([levelEndCreate(t, 1, 0, 'at(2026-11-29T18:20:00)')]);
    expect(mock.commandCalls(CreateScheduleCommand).map((c) => c.args[0].input.Name)).not.toContain(noShowJobName(t.id));
  });

  it('the events between two level ends read the armed mark once: a late registration costs the consumer no read of it', async () => {
    const t = await runningTournament();
    await runClockCommand(command(t, T0), start);
    await streams.drain();
    expect(sent(CreateScheduleCommand, t.id)).toEqual([levelEndCreate(t, 1, 0, 'at(2026-11-29T18:20:00)')]);
    const marks = vi.spyOn(entities().armedLevelEnd, 'get');
    const ctx = { ...ctxAt(T0 + MIN), actor: { id: 'floor', role: 'manager' as const } };
    for (let i = 0; i < 3; i++) {
      await mutateTournament(clubId, t.id, (s) => register(s, { playerId: `late-${randomUUID()}`, otherRegistrations: [] }, ctx));
    }
    await streams.drain();
    expect(marks).not.toHaveBeenCalled();
    // A command that moves the level end checks (and arms) the new one.
    await runClockCommand(command(t, T0 + MIN), (timer, structure, now) => addTime(timer, structure, now, 60));
    await streams.drain();
    expect(marks).toHaveBeenCalled();
    expect(sent(CreateScheduleCommand, t.id)).toEqual([
      levelEndCreate(t, 1, 0, 'at(2026-11-29T18:20:00)'),
      levelEndCreate(t, 2, 0, 'at(2026-11-29T18:21:00)'),
    ]);
    marks.mockRestore();
  });

  it('a level end lost for good is armed again by the next read of the clock, once, and not for an older state', async () => {
    const t = await runningTournament();
    mock.on(CreateScheduleCommand).rejects(schedulerError());
    await runClockCommand(command(t, T0), start);
    const added = await runClockCommand(command(t, T0 + MIN), (timer, structure, now) => addTime(timer, structure, now, 60));
    await streams.drain();
    mock.reset();
    const older = (await loadTournamentAt(clubId, t.id, added.version - 1)).state as StoredTournament;
    const current = (await loadTournament(clubId, t.id))?.state as StoredTournament;
    await rearmLevelEnd(current);
    await rearmLevelEnd(current);
    expect(sent(CreateScheduleCommand, t.id)).toEqual([levelEndCreate(t, 2, 0, 'at(2026-11-29T18:21:00)')]);
    // A reader holding the state before add-time does not arm its (older) level end.
    expect(older.clock?.timer.revision).toBe(1);
    await rearmLevelEnd(older);
    expect(sent(CreateScheduleCommand, t.id)).toHaveLength(1);
  });

  it('a read that cannot reach the Scheduler answers all the same and counts the failure', async () => {
    const t = await runningTournament();
    mock.on(CreateScheduleCommand).rejects(schedulerError());
    await runClockCommand(command(t, T0), start);
    await streams.drain();
    const counted = vi.spyOn(metrics, 'addMetric');
    const state = (await loadTournament(clubId, t.id))?.state as StoredTournament;
    await expect(rearmLevelEnd(state)).resolves.toBeUndefined();
    expect(counted.mock.calls.filter(([metric]) => metric === SCHEDULING_FAILED)).toHaveLength(1);
  });
});
