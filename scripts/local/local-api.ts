import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { localIssuer, type LocalIssuer } from './issuer';
import { createGatewayServer, lambdaContext, type LambdaHandler } from './http-adapter';
import { loadBundledHandler } from './bundled-handler';
import { localCursorSecret } from './cursor-secret';
import type { LocalPoller } from './adapters/scheduler-poller';
import type { LocalStreamPoller } from './adapters/stream-poller';
import type { LocalLiveServer } from './live-server';
import type { RecordingPushAdapter } from './adapters/push-recorder';

export interface LocalApi {
  url: string;
  port: number;
  issuer: LocalIssuer;
  server: Server;
  /** The local scheduler's poller (R-CLK-5, R-NOSHOW-1 jobs), when SCHEDULER is local. */
  poller: LocalPoller | undefined;
  /** The table's stream fed to the projections consumer, as the AWS event source mapping does; off with STREAMS=off. */
  streams: LocalStreamPoller | undefined;
  /** The live protocol (WebSocket at /v1/live) on the same port, fed by the stream consumer. */
  live: LocalLiveServer;
  /** Pushes to phones are recorded here instead of sent (unless the SNS platform applications are set). */
  push: RecordingPushAdapter;
  close: () => Promise<void>;
}

export const LOCAL_AUDIENCE = 'sport-poker-local';
export const JWKS_PATH = '/local-issuer/.well-known/jwks.json';

/** Where the functions' handlers come from: their source modules, or their bundles as deployed. */
export type HandlerSource = 'sources' | { bundles: string };

/**
 * The API on this machine: environment for the handlers, the local token issuer with its JWKS,
 * and the gateway adapter in front of the same handler modules the stack deploys.
 *
 * With `handlers: { bundles: dir }` every HTTP group, the stream consumer and the jobs function run from
 * the bundles that scripts/local/function-bundles.ts built in `dir`, called as Lambda calls them. Each
 * bundle has its own module instances, as each function has its own container in AWS, so what this
 * process puts into the source modules (the live gateway, the push recorder, the in-process verification
 * queue) does not reach them (club logos do: their directory is in env LOGO_DIR): like a function without LIVE_CALLBACK_URL, SNS applications or
 * VERIFY_CLUB_FUNCTION_NAME, they fan out nothing, push nothing and leave club checks to the moderators.
 * The scheduler reaches them through env SCHEDULER, which picks the table's schedules in deployed code.
 */
export async function startLocalApi(opts: {
  port: number;
  host?: string;
  dynamoEndpoint: string;
  tableName: string;
  keyFile?: string;
  /** Where the cursor key is kept across restarts (without it, or CURSOR_SECRET set, a key for this process). */
  cursorSecretFile?: string;
  logLevel?: string;
  handlers?: HandlerSource;
  /**
   * Where the stream consumer runs: in this process (default: tests and `bench:cost` meter and stub what it
   * calls), or in a worker thread of its own (`npm start`, `bench:big`), off the event loop that answers
   * the API's requests. The thread runs the source modules (not the bundles).
   */
  consumer?: 'in-process' | 'thread';
  /** Where club logos are kept in place of the stack's bucket (`npm start`: under SPORT_POKER_DATA_DIR); default a fresh temporary one. */
  logoDir?: string;
}): Promise<LocalApi> {
  const bundles = typeof opts.handlers === 'object' ? opts.handlers.bundles : undefined;
  // One set of containers per API: a bundle loaded again here starts with fresh module state.
  const containers = randomUUID();
  const host = opts.host ?? '127.0.0.1';
  const base = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${opts.port}`;
  const issuerUrl = `${base}/local-issuer`;
  Object.assign(process.env, {
    TABLE_NAME: opts.tableName,
    DYNAMODB_ENDPOINT: opts.dynamoEndpoint,
    AWS_REGION: process.env.AWS_REGION ?? 'eu-central-1',
    JWT_ISSUER: issuerUrl,
    JWT_AUDIENCE: LOCAL_AUDIENCE,
    JWKS_URL: `${base}${JWKS_PATH}`,
    STAGE: 'local',
    POWERTOOLS_LOG_LEVEL: opts.logLevel ?? process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    POWERTOOLS_DEV: 'true',
    // Scheduled jobs run in this process unless told otherwise.
    SCHEDULER: process.env.SCHEDULER ?? 'local',
    // Decisions get deep-frozen states here, so a domain change in place throws instead of being lost.
    FREEZE_DOMAIN_STATE: process.env.FREEZE_DOMAIN_STATE ?? 'true',
    CURSOR_SECRET: process.env.CURSOR_SECRET || localCursorSecret(opts.cursorSecretFile),
  });
  const issuer = await localIssuer({ issuer: issuerUrl, audience: LOCAL_AUDIENCE, ...(opts.keyFile ? { keyFile: opts.keyFile } : {}) });

  // The local adapters go in before any handler is loaded: the deployed modules default to AWS.
  const { RecordingPushAdapter: Recorder } = await import('./adapters/push-recorder');
  const { usePushAdapter } = await import('../../functions/adapters/push');
  const verbose = ['INFO', 'DEBUG'].includes(process.env.POWERTOOLS_LOG_LEVEL ?? '');
  const push = new Recorder(
    (p) => verbose && console.log(`push (not sent from this machine) to ${p.endpoint}: ${p.message.title}: ${p.message.body}`),
  );
  usePushAdapter(push);
  // The club verification worker runs in this process, after the answer (the bundles have no such queue).
  const { LocalVerificationQueue } = await import('./adapters/verification-queue');
  const { setVerificationQueue } = await import('../../functions/adapters/verification-queue');
  const { logger } = await import('../../functions/runtime/logger');
  setVerificationQueue(
    new LocalVerificationQueue(
      async (job) => (await import('../../functions/jobs/verify-club')).runVerification(job),
      (error, job) =>
        logger.error('the local verification check failed', { error: error as Error, clubId: job.clubId, attempt: job.attempt }),
    ),
  );
  // Club logos go to a directory, named in the environment so that the bundles' own module instances find it too.
  process.env.LOGO_DIR = opts.logoDir ?? join(tmpdir(), `sport-poker-logos-${containers}`);
  // Imported after the environment is set: the handlers read it on first use.
  const { HANDLER_GROUPS } = await import('../../functions/http/api');
  const handlers: Record<string, LambdaHandler> = {};
  for (const group of Object.keys(HANDLER_GROUPS)) {
    handlers[group] = bundles
      ? await loadBundledHandler<LambdaHandler>(bundles, group, containers)
      : ((await import(`../../functions/http/handlers/${group}.ts`)) as { handler: LambdaHandler }).handler;
  }
  const routes = Object.entries(HANDLER_GROUPS).flatMap(([group, rs]) =>
    rs.map((route) => ({ route, group, handler: handlers[group] as LambdaHandler })),
  );

  const server = createGatewayServer(routes, (req, res) => {
    if (req.method === 'GET' && req.url === JWKS_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(issuer.jwks));
      return true;
    }
    return false;
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, host, () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  // WebSocket upgrades on the same port; the stream consumer below posts to its sockets.
  const { attachLiveServer } = await import('./live-server');
  const { useLiveGateway } = await import('../../functions/live/current-gateway');
  const live = attachLiveServer(server);
  useLiveGateway(live.gateway);
  // The same job handler the jobs Lambda runs, fired from the schedules kept in the table.
  let poller: LocalPoller | undefined;
  if (process.env.SCHEDULER === 'local') {
    const { startLocalPoller } = await import('./adapters/scheduler-poller');
    if (bundles) {
      const jobs = await loadBundledHandler<(event: unknown, context: ReturnType<typeof lambdaContext>) => Promise<unknown>>(
        bundles,
        'jobs',
        containers,
      );
      poller = startLocalPoller({ run: (payload) => jobs(payload, lambdaContext('sport-poker-jobs', randomUUID())) });
    } else {
      const { runJob } = await import('../../functions/jobs/run-job');
      poller = startLocalPoller({ run: (payload) => runJob(payload) });
    }
  }
  // The same consumer the projections Lambda runs, fed from the table's stream.
  let streams: LocalStreamPoller | undefined;
  if (process.env.STREAMS !== 'off' && opts.consumer === 'thread') {
    const { startConsumerThread } = await import('./consumer-thread');
    streams = await startConsumerThread({ tableName: opts.tableName, endpoint: opts.dynamoEndpoint, gateway: live.gateway });
  } else if (process.env.STREAMS !== 'off') {
    const { startLocalStreamPoller } = await import('./adapters/stream-poller');
    let handle: (records: DynamoDBStreamEvent['Records']) => Promise<DynamoDBBatchResponse | void>;
    if (bundles) {
      type StreamHandler = (event: DynamoDBStreamEvent, context: ReturnType<typeof lambdaContext>) => Promise<DynamoDBBatchResponse>;
      const projections = await loadBundledHandler<StreamHandler>(bundles, 'projections', containers);
      handle = (records) => projections({ Records: records }, lambdaContext('sport-poker-projections', randomUUID()));
    } else {
      handle = (await import('../../functions/projections/consume')).projectStreamRecords;
    }
    streams = startLocalStreamPoller({ tableName: opts.tableName, endpoint: opts.dynamoEndpoint, handle });
  }
  return {
    url: base,
    port,
    issuer,
    server,
    poller,
    streams,
    live,
    push,
    close: async () => {
      await streams?.stop();
      await live.close();
      await poller?.stop();
      await new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      });
    },
  };
}
