import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type HttpRoute,
  type HttpStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { HANDLER_GROUPS, type HandlerGroup } from '../functions/http/api';
import type { Access } from '../functions/platform/authorization';
import { routeKeyOf, routeKeysOf } from '../functions/platform/route';
import type { StageConfig } from './stage-config';
import type { ApiFunctions } from './functions';
import type { Identity } from './identity';

/** Request headers a browser client may send (CORS preflight). */
export const CORS_ALLOW_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'if-match', 'x-api-key'];

/** Access kinds whose routes carry the Cognito JWT authorizer at the gateway. */
export const GATEWAY_AUTHORIZED: ReadonlySet<Access['kind']> = new Set(['user', 'operator']);

/** One access log line per request, JSON. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  userAgent: '$context.identity.userAgent',
};

export interface ApiRoute {
  routeKey: string;
  operationId: string;
  access: Access['kind'];
  group: HandlerGroup;
  route: HttpRoute;
}

export interface PublicApiProps {
  config: StageConfig;
  functions: ApiFunctions;
  identity: Identity;
  corsOrigins: string[];
}

/** The HTTP API: every route of functions/http/api.ts, integrated with its group's function. */
export class PublicApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  readonly routes: ApiRoute[] = [];

  constructor(scope: Construct, id: string, props: PublicApiProps) {
    super(scope, id);
    const { config, functions, identity } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `sport-poker-${config.stage}`,
      description: `Sport Poker API (${config.stage})`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: props.corsOrigins,
        allowHeaders: CORS_ALLOW_HEADERS,
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
          CorsHttpMethod.OPTIONS,
        ],
        exposeHeaders: ['etag', 'location', 'retry-after'],
        maxAge: Duration.hours(1),
      },
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });

    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: config.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    // Authorization at the gateway. Routes for signed-in people ('user') and moderators ('operator')
    // only ever accept a Cognito JWT, so the gateway rejects calls without a valid one before any
    // function runs. 'public' routes need no credentials. 'club' routes accept either a staff JWT or
    // an X-Api-Key of the club's integration, and an HTTP API route takes one authorizer only, so the
    // gateway lets them through: every function authenticates the caller itself (JWT signature,
    // issuer and audience through the pool's JWKS, or the API key against its stored hash) and then
    // checks the club role (functions/platform/authenticate.ts, authorize.ts). The function's check
    // is the authoritative one on every route; the gateway's is an early filter.
    const jwtAuthorizer = new HttpJwtAuthorizer('CognitoJwt', identity.issuerUrl, {
      authorizerName: 'cognito-jwt',
      jwtAudience: identity.audience,
      identitySource: ['$request.header.Authorization'],
    });

    for (const group of Object.keys(HANDLER_GROUPS) as HandlerGroup[]) {
      const integration = new HttpLambdaIntegration(`${group}Integration`, functions.byGroup[group].fn, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        // One invoke permission per function for this API, not one per route: a function's resource
        // policy is capped at 20 KB, which a growing route table would reach.
        scopePermissionToRoute: false,
      });
      for (const r of HANDLER_GROUPS[group]) {
        const access = r.access.kind;
        const made = this.httpApi.addRoutes({
          path: r.path,
          methods: [HttpMethod[r.method], ...(r.head ? [HttpMethod.HEAD] : [])],
          integration,
          authorizer: GATEWAY_AUTHORIZED.has(access) ? jwtAuthorizer : undefined,
        });
        const keys = routeKeysOf(r);
        if (made.length !== keys.length) throw new Error(`no route made for ${routeKeyOf(r)}`);
        // One gateway route per method, in the order asked for (GET, then HEAD beside it).
        made.forEach((route, i) => this.routes.push({ routeKey: keys[i] as string, operationId: r.operationId, access, group, route }));
      }
    }
  }

  /** The API's base URL (default stage). */
  get url(): string {
    return this.stage.url;
  }
}
