import { Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage, type WebSocketRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration, WebSocketMockIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { baseEnvironment, serviceFunction, type ServiceFunction } from './functions';
import type { StageConfig } from './stage-config';
import type { DataTable } from './table';
import type { Identity } from './identity';

/** The routes of the live protocol (functions/live/protocol.ts); API Gateway picks one by the message's `action`. */
export const LIVE_ROUTES = ['$connect', '$disconnect', '$default', 'subscribe'] as const;
/** Keep-alive messages: a mock integration, so that a ping costs one message and invokes nothing. */
export const PING_ROUTE = 'ping';
export const LIVE_STAGE = 'live';

/** One access log line per connect, message and disconnect, JSON (never the headers: the token travels there). */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  connectionId: '$context.connectionId',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  status: '$context.status',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  integrationError: '$context.integrationErrorMessage',
};

/**
 * The WebSocket API of live updates: one function (functions/live/handler.ts) behind $connect (it
 * authenticates the JWT offered as a subprotocol, the same tokens as the HTTP API), $disconnect,
 * `subscribe` and $default (ping, and the error frame for anything malformed). Connections are items
 * of the table with a TTL. The projections consumer posts the messages (grantPost).
 */
export class LiveApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly handler: ServiceFunction;
  readonly accessLogs: LogGroup;
  readonly routes: WebSocketRoute[] = [];

  constructor(scope: Construct, id: string, props: { config: StageConfig; data: DataTable; identity: Identity }) {
    super(scope, id);
    const { config, data, identity } = props;

    this.api = new WebSocketApi(this, 'WebSocketApi', {
      apiName: `sport-poker-live-${config.stage}`,
      description: `Sport Poker live updates (${config.stage})`,
      routeSelectionExpression: '$request.body.action',
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: LIVE_STAGE,
      autoDeploy: true,
      throttle: config.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    this.handler = serviceFunction(this, 'Handler', {
      config,
      label: 'live',
      description: `Sport Poker ${config.stage}: live updates (WebSocket connect, subscribe, disconnect)`,
      entry: 'functions/live/handler.ts',
      environment: {
        ...baseEnvironment(config, data),
        JWT_ISSUER: identity.issuerUrl,
        JWT_AUDIENCE: identity.audience.join(','),
        JWKS_URL: identity.jwksUrl,
        LIVE_CALLBACK_URL: this.stage.callbackUrl,
      },
    });
    data.grantItemAccess(this.handler.fn);
    this.grantPost(this.handler.fn);

    for (const routeKey of LIVE_ROUTES) {
      const integration = new WebSocketLambdaIntegration(`${routeKey.replace('$', '')}Integration`, this.handler.fn);
      // $connect's proxy answer carries the selected subprotocol header, which browsers require.
      this.routes.push(this.api.addRoute(routeKey, { integration }));
    }
    this.routes.push(this.api.addRoute(PING_ROUTE, { integration: new WebSocketMockIntegration('pingIntegration') }));
  }

  /** The connections of this API's stage: connection ids are made by API Gateway at run time. */
  get connectionsArn(): string {
    return Stack.of(this).formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: `${LIVE_STAGE}/*/@connections/*` });
  }

  /** PostToConnection and DeleteConnection on this API's stage only, for the functions that send. */
  grantPost(fn: IGrantable): void {
    fn.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['execute-api:ManageConnections'], resources: [this.connectionsArn] }),
    );
  }

  /** What a function that posts needs in its environment (functions/live/gateway.ts). */
  get environment(): Record<string, string> {
    return { LIVE_CALLBACK_URL: this.stage.callbackUrl };
  }

  get url(): string {
    return this.stage.url;
  }
}
