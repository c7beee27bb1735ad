import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { stageConfig, type Stage, type StageConfig } from './stage-config';
import { DataTable } from './table';
import { Identity } from './identity';
import { CursorKey } from './secrets';
import { ApiFunctions, type ServiceFunction } from './functions';
import { PublicApi } from './api';
import { Scheduling } from './scheduling';
import { defaultDadataKeyParameter, VerificationWorker, type RegistryProvider } from './verification';
import { Alarms } from './alarms';
import { ITERATOR_AGE_ALARM, Projections } from './projections';
import { LiveApi } from './live';
import { grantPush, type PushApplications } from './push';
import { acknowledgeNagFindings } from './nag-acknowledgements';
import { LogoBucket } from './logos';

export interface SportPokerStackProps extends StackProps {
  stage: Stage;
  /** Origins allowed by CORS; default `*` (the API authenticates with bearer tokens and API keys, never cookies). */
  corsOrigins?: string[];
  /** Registry source of the verification worker; default `egrul`. */
  registryProvider?: RegistryProvider;
  /** Another registry host (a fake); default the provider's own. */
  registryBaseUrl?: string;
  /** SSM SecureString parameter with the DaData API key; default `/sport-poker/<stage>/dadata-api-key`. */
  dadataKeyParameter?: string;
  /** Subscribes this address to the alarm topic. */
  alarmEmail?: string;
  /** SNS platform applications for pushes to phones; none: devices cannot be registered. */
  pushApplications?: PushApplications;
}

/**
 * One stage of Sport Poker: table, user pool, functions, the HTTP API, the scheduler, the verification worker,
 * the projections consumer of the table's stream, alarms.
 */
export class SportPokerStack extends Stack {
  readonly config: StageConfig;
  readonly data: DataTable;
  readonly identity: Identity;
  readonly cursorKey: CursorKey;
  readonly scheduling: Scheduling;
  readonly verification: VerificationWorker;
  readonly projections: Projections;
  readonly live: LiveApi;
  readonly functions: ApiFunctions;
  readonly api: PublicApi;
  readonly alarms: Alarms;
  readonly logos: LogoBucket;

  constructor(scope: Construct, id: string, props: SportPokerStackProps) {
    const {
      stage,
      corsOrigins: origins,
      registryProvider,
      registryBaseUrl,
      dadataKeyParameter,
      alarmEmail,
      pushApplications,
      ...stackProps
    } = props;
    super(scope, id, {
      description: `Sport Poker API (${stage})`,
      terminationProtection: stage === 'prod',
      ...stackProps,
    });
    const config = (this.config = stageConfig(stage));
    const corsOrigins = origins?.length ? origins : ['*'];

    Tags.of(this).add('project', 'sport-poker');
    Tags.of(this).add('stage', config.stage);

    this.data = new DataTable(this, 'Data', { config });
    this.identity = new Identity(this, 'Identity', { config });
    this.cursorKey = new CursorKey(this, 'CursorKey', { config });
    this.scheduling = new Scheduling(this, 'Scheduling', { config, data: this.data });
    this.verification = new VerificationWorker(this, 'Verification', {
      config,
      data: this.data,
      registryProvider: registryProvider ?? 'egrul',
      ...(registryBaseUrl ? { registryBaseUrl } : {}),
      dadataKeyParameter: dadataKeyParameter || defaultDadataKeyParameter(config.stage),
    });

    this.projections = new Projections(this, 'Projections', { config, data: this.data });
    // Live updates: the consumer fans each committed event out to the subscribed connections.
    this.live = new LiveApi(this, 'Live', { config, data: this.data, identity: this.identity });
    for (const [k, v] of Object.entries(this.live.environment)) this.projections.consumer.fn.addEnvironment(k, v);
    // The stream is the scheduling outbox: the consumer makes and drops the schedules committed events call for.
    for (const [k, v] of Object.entries(this.scheduling.environment)) this.projections.consumer.fn.addEnvironment(k, v);
    this.scheduling.grantScheduling(this.projections.consumer.fn);
    this.projections.consumer.fn.node.addDependency(this.scheduling.jobs.fn);
    this.live.grantPost(this.projections.consumer.fn);

    this.functions = new ApiFunctions(this, 'Functions', {
      config,
      data: this.data,
      identity: this.identity,
      corsOrigins,
      cursorSecret: this.cursorKey.value,
      // A clock read arms a lost level end again; the jobs a route's events call for come from the stream.
      extraEnvironment: this.scheduling.environment,
    });
    for (const f of this.functions.all) {
      this.scheduling.grantScheduling(f.fn);
      // Schedules made by the API target the jobs function: have it in place first.
      f.fn.node.addDependency(this.scheduling.jobs.fn);
    }
    this.verification.grantEnqueue(this.functions.byGroup.verification);
    // The clubs' logos: only the function serving them holds the bucket.
    this.logos = new LogoBucket(this, 'Logos', { config });
    this.logos.grantLogos(this.functions.byGroup.logos);
    // The clock screen opens its live socket on the WebSocket API (and lets it through its CSP).
    this.functions.byGroup.clock.fn.addEnvironment('LIVE_URL', this.live.url);
    // Devices are registered by the players function; pushes go out from the stream consumer; an erasure the
    // jobs function finishes unregisters the phones it removes.
    grantPush(pushApplications ?? {}, [this.functions.byGroup.players, this.projections.consumer, this.scheduling.jobs]);

    this.api = new PublicApi(this, 'Api', { config, functions: this.functions, identity: this.identity, corsOrigins });

    this.alarms = new Alarms(this, 'Alarms', { config, ...(alarmEmail ? { alarmEmail } : {}) });
    for (const f of [...this.functions.all, this.scheduling.jobs]) this.alarms.watchFunction(f);
    // The worker runs one instance at a time by design, and Lambda keeps (and retries) throttled events:
    // a throttle is news only when it lasts (15 minutes).
    this.alarms.watchFunction(this.verification.worker, { throttlePeriods: 3 });
    this.alarms.watchQueue(
      'scheduler-dlq',
      this.scheduling.deadLetters,
      'a scheduled job was lost (delivery or the job failed every retry)',
    );
    this.alarms.watchQueue('verification-failures', this.verification.failures, 'a club verification check failed every retry');
    this.alarms.watchFunction(this.projections.consumer);
    this.alarms.watchFunction(this.live.handler);
    this.alarms.watchIteratorAge(this.projections.consumer, ITERATOR_AGE_ALARM);
    this.alarms.watchQueue(
      'projections-dlq',
      this.projections.deadLetters,
      'a batch of tournament events failed projection every retry; read it back from the stream, which keeps records 24 h',
    );
    this.alarms.watchApi(this.api.httpApi);
    this.alarms.watchApplicationMetric(
      'TournamentEventUndecodable',
      'a tournament event could not be decoded: reads of that tournament stop until it is repaired',
    );
    this.alarms.watchApplicationMetric(
      'SchedulingFailed',
      'EventBridge Scheduler refused or missed a schedule; the stream retries the event and the next clock read re-arms a level end',
    );
    // Outages answer 503 and clients retry: alarm when it lasts, not on one blip.
    this.alarms.watchApplicationMetric(
      'DependencyUnavailable',
      'DynamoDB or another dependency was unavailable, throttled or timed out',
      3,
    );

    acknowledgeNagFindings(this);

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'Base URL of the HTTP API' });
    new CfnOutput(this, 'LiveUrl', { value: this.live.url, description: 'WebSocket URL of live updates (subprotocol sport-poker.v1)' });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'StaffWebClientId', { value: this.identity.staffWebClient.userPoolClientId });
    new CfnOutput(this, 'MobileClientId', { value: this.identity.mobileClient.userPoolClientId });
    new CfnOutput(this, 'JwtIssuer', { value: this.identity.issuerUrl });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'LogoBucket', { value: this.logos.bucket.bucketName, description: "The clubs' logos (private)" });
    new CfnOutput(this, 'ScheduleGroup', { value: this.scheduling.group.scheduleGroupName });
    new CfnOutput(this, 'SchedulerDeadLetterQueueUrl', { value: this.scheduling.deadLetters.queueUrl });
    new CfnOutput(this, 'VerificationFailureQueueUrl', { value: this.verification.failures.queueUrl });
    new CfnOutput(this, 'ProjectionsDeadLetterQueueUrl', { value: this.projections.deadLetters.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
    new CfnOutput(this, 'DadataKeyParameter', { value: this.verification.dadataKeyParameter });
  }

  /** Every Lambda function of the stack: the API's, the jobs function, the verification worker, the projections consumer. */
  get allFunctions(): ServiceFunction[] {
    return [...this.functions.all, this.scheduling.jobs, this.verification.worker, this.projections.consumer, this.live.handler];
  }
}
