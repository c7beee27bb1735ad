import { beforeEach, describe, expect, it } from 'vitest';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { LambdaVerificationQueue, type VerifyClubJob } from '../../../functions/adapters/verification-queue';
import { LocalVerificationQueue } from '../../../scripts/local/adapters/verification-queue';
import {
  CachedRegistry,
  DadataRegistry,
  EgrulRegistry,
  InMemoryCacheStore,
  UnconfiguredRegistry,
  registryForEnv,
  ssmSecretReader,
} from '../../../functions/adapters/registry';

const lambda = mockClient(LambdaClient);
const ssm = mockClient(SSMClient);
beforeEach(() => {
  lambda.reset();
  ssm.reset();
});

const FN = 'arn:aws:lambda:eu-central-1:123456789012:function:sport-poker-verify-club';

describe('the Lambda verification queue', () => {
  it('invokes the worker asynchronously with exactly {clubId, attempt}', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    await new LambdaVerificationQueue(new LambdaClient({ region: 'eu-central-1' }), FN).enqueue({ clubId: 'club_1', attempt: 3 });
    expect(lambda).toHaveReceivedCommandTimes(InvokeCommand, 1);
    const input = lambda.commandCalls(InvokeCommand)[0]?.args[0].input;
    expect(input?.FunctionName).toBe(FN);
    expect(input?.InvocationType).toBe('Event');
    expect(Object.keys(input ?? {}).sort()).toEqual(['FunctionName', 'InvocationType', 'Payload']);
    expect(JSON.parse(new TextDecoder().decode(input?.Payload as Uint8Array))).toEqual({ clubId: 'club_1', attempt: 3 });
  });

  it('throws when Lambda did not queue the event, so the request can go to moderators', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 200 });
    await expect(
      new LambdaVerificationQueue(new LambdaClient({ region: 'eu-central-1' }), FN).enqueue({ clubId: 'c', attempt: 1 }),
    ).rejects.toThrow(/not queued/);
    lambda.on(InvokeCommand).rejects(new Error('TooManyRequestsException'));
    await expect(
      new LambdaVerificationQueue(new LambdaClient({ region: 'eu-central-1' }), FN).enqueue({ clubId: 'c', attempt: 1 }),
    ).rejects.toThrow();
  });
});

describe('the local verification queue', () => {
  it('returns before the check runs, runs it in the process, and reports its failure instead of throwing', async () => {
    const ran: VerifyClubJob[] = [];
    const failures: string[] = [];
    const queue = new LocalVerificationQueue(
      async (job) => {
        ran.push(job);
        if (job.attempt === 2) throw new Error('boom');
      },
      (e, job) => failures.push(`${job.clubId}/${job.attempt}: ${(e as Error).message}`),
    );
    await queue.enqueue({ clubId: 'c', attempt: 1 });
    await queue.enqueue({ clubId: 'c', attempt: 2 });
    expect(ran).toEqual([]);
    await queue.idle();
    expect(ran).toEqual([
      { clubId: 'c', attempt: 1 },
      { clubId: 'c', attempt: 2 },
    ]);
    expect(failures).toEqual(['c/2: boom']);
  });
});

describe('the DaData key from SSM', () => {
  it('reads the parameter by name, decrypted, once per container while fresh', async () => {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'k-123' } });
    let now = 1_000_000;
    const read = ssmSecretReader('/sport-poker/prod/dadata-key', {
      client: new SSMClient({ region: 'eu-central-1' }),
      ttlMs: 60_000,
      now: () => now,
    });
    expect(await Promise.all([read(), read()])).toEqual(['k-123', 'k-123']);
    expect(await read()).toBe('k-123');
    expect(ssm).toHaveReceivedCommandTimes(GetParameterCommand, 1);
    expect(ssm).toHaveReceivedCommandWith(GetParameterCommand, { Name: '/sport-poker/prod/dadata-key', WithDecryption: true });
    now += 60_001;
    await read();
    expect(ssm).toHaveReceivedCommandTimes(GetParameterCommand, 2);
  });

  it('a failing read fails the lookup as "unavailable", without the secret store detail', async () => {
    ssm.on(GetParameterCommand).rejects(new Error('AccessDeniedException: arn:aws:ssm:...:parameter/sport-poker/prod/dadata-key'));
    const registry = new DadataRegistry({
      apiKey: ssmSecretReader('/sport-poker/prod/dadata-key', { client: new SSMClient({ region: 'eu-central-1' }) }),
    });
    const answer = await registry.lookup({ inn: '7707083893', ogrn: '1027700132195' });
    expect(answer).toEqual({ kind: 'unavailable', source: 'dadata', reason: 'the DaData API key could not be read' });
  });
});

describe("the worker's registry from the environment", () => {
  it('locally with nothing configured, and with REGISTRY_PROVIDER=none, every check is unavailable', async () => {
    expect(registryForEnv({ STAGE: 'local' })).toBeInstanceOf(UnconfiguredRegistry);
    expect(registryForEnv({})).toBeInstanceOf(UnconfiguredRegistry);
    expect(registryForEnv({ STAGE: 'prod', REGISTRY_PROVIDER: 'none' })).toBeInstanceOf(UnconfiguredRegistry);
    expect(await new UnconfiguredRegistry().lookup()).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/no registry is configured/),
    });
  });

  it('a base URL locally, or any deployed stage, means EGRUL; dadata reads its key by parameter name; answers are cached', () => {
    expect(registryForEnv({ STAGE: 'local', REGISTRY_BASE_URL: 'http://127.0.0.1:1' })).toBeInstanceOf(EgrulRegistry);
    expect(registryForEnv({ STAGE: 'prod' })).toBeInstanceOf(EgrulRegistry);
    expect(registryForEnv({ STAGE: 'prod', REGISTRY_PROVIDER: 'dadata', DADATA_KEY_PARAMETER: '/p/dadata' })).toBeInstanceOf(
      DadataRegistry,
    );
    expect(() => registryForEnv({ STAGE: 'prod', REGISTRY_PROVIDER: 'dadata' })).toThrow(/API key/);
    expect(registryForEnv({ STAGE: 'prod' }, { cacheStore: new InMemoryCacheStore() })).toBeInstanceOf(CachedRegistry);
    expect(() => registryForEnv({ STAGE: 'prod', REGISTRY_MIN_INTERVAL_MS: '-1' })).toThrow(/REGISTRY_MIN_INTERVAL_MS/);
  });
});
