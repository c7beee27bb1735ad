import { fileURLToPath } from 'node:url';
import type { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { Architecture, Runtime, Tracing, type IDestination } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { HANDLER_GROUPS, type HandlerGroup } from '../functions/http/api';
import type { StageConfig } from './stage-config';
import type { DataTable } from './table';
import type { Identity } from './identity';
import { BUNDLE_ESBUILD_ARGS, BUNDLE_SETTINGS, LAMBDA_NODE_OPTIONS, contractAssetCommands } from './bundling';
import { PRINT_FONT_GROUP, SCREEN_ASSET_GROUP, printFontCommands, screenAssetCommands } from './screen-assets';

export const RUNTIME = Runtime.NODEJS_22_X;
export const SERVICE_NAME = 'sport-poker';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A Lambda function of the stack with its own role and log group. */
export interface ServiceFunction {
  /** Short name for descriptions and alarms: the handler group, `jobs`, `verify-club`. */
  label: string;
  /** Entry file, relative to the repository root (exports `handler`). */
  entry: string;
  fn: NodejsFunction;
  role: Role;
  logGroup: LogGroup;
}

export interface ApiFunction extends ServiceFunction {
  group: HandlerGroup;
}

export interface ServiceFunctionProps {
  config: StageConfig;
  label: string;
  description: string;
  /** Entry file, relative to the repository root (exports `handler`). */
  entry: string;
  environment: Record<string, string>;
  /** Default: the stage's API timeout. */
  timeout?: Duration;
  /** Only for functions whose ARN must be known before they exist (the jobs function names itself). */
  functionName?: string;
  reservedConcurrentExecutions?: number;
  /** Asynchronous invocations: retries, how long an event may wait, where it goes when it gives up. */
  asyncInvoke?: { retryAttempts: number; maxEventAge: Duration; onFailure: IDestination };
  /** Bundle the OpenAPI document beside the code (the function serving /openapi.json and /docs). */
  withOpenApi?: boolean;
  /** Bundle the screens' browser scripts beside the code (the function serving the clock screen). */
  withScreens?: boolean;
  /** Bundle the print font beside the code (the function printing the seating). */
  withPrintFonts?: boolean;
}

/** The variables every function reads (functions/runtime/config.ts, Powertools). */
export function baseEnvironment(config: StageConfig, data: DataTable): Record<string, string> {
  return {
    STAGE: config.stage,
    TABLE_NAME: data.table.tableName,
    POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    POWERTOOLS_LOG_LEVEL: config.logLevel,
    NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
  };
}

/**
 * A Node.js function bundled with esbuild (infra/bundling.ts): nodejs22.x on arm64, ESM, X-Ray active
 * tracing (the service's own segments; no X-Ray SDK in the bundle, see docs/decisions.md, Bundles), its
 * own log group, and an own role instead of AWSLambdaBasicExecutionRole that may write to that log group
 * only. The construct
 * ids (`<id>Logs`, `<id>Role`, `<id>`) are those the API functions always had.
 *
 * None of the functions is in a VPC, so each has the internet egress Lambda gives by default (the
 * verification worker calls the state registry over HTTPS that way; no NAT gateway is needed).
 */
export function serviceFunction(scope: Construct, id: string, props: ServiceFunctionProps): ServiceFunction {
  const { config } = props;

  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: config.logRetention,
    removalPolicy: config.removalPolicy,
  });

  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `Sport Poker ${config.stage}: ${props.label} function`,
  });
  role.addToPolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      resources: [logGroup.logGroupArn],
    }),
  );

  const fn = new NodejsFunction(scope, id, {
    description: props.description,
    entry: `${REPO_ROOT}${props.entry}`,
    handler: 'handler',
    projectRoot: REPO_ROOT,
    depsLockFilePath: `${REPO_ROOT}package-lock.json`,
    runtime: RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: config.memorySize,
    timeout: props.timeout ?? config.timeout,
    tracing: Tracing.ACTIVE,
    role,
    logGroup,
    environment: props.environment,
    ...(props.functionName ? { functionName: props.functionName } : {}),
    ...(props.reservedConcurrentExecutions !== undefined ? { reservedConcurrentExecutions: props.reservedConcurrentExecutions } : {}),
    ...(props.asyncInvoke ?? {}),
    bundling: {
      format: OutputFormat.ESM,
      ...BUNDLE_SETTINGS,
      mainFields: [...BUNDLE_SETTINGS.mainFields],
      esbuildArgs: BUNDLE_ESBUILD_ARGS,
      // The SDK is bundled too: the versions the tests ran with, not whatever the runtime carries.
      bundleAwsSDK: true,
      ...(props.withOpenApi || props.withScreens || props.withPrintFonts
        ? {
            commandHooks: {
              beforeInstall: () => [],
              beforeBundling: () => [],
              afterBundling: (inputDir: string, outputDir: string) => [
                ...(props.withOpenApi ? contractAssetCommands(inputDir, outputDir) : []),
                ...(props.withScreens ? screenAssetCommands(inputDir, outputDir) : []),
                ...(props.withPrintFonts ? printFontCommands(inputDir, outputDir) : []),
              ],
            },
          }
        : {}),
    },
  });

  return { label: props.label, entry: props.entry, fn, role, logGroup };
}

export interface ApiFunctionsProps {
  config: StageConfig;
  data: DataTable;
  identity: Identity;
  corsOrigins: string[];
  /** Key that seals pagination cursors (see functions/platform/cursor.ts). */
  cursorSecret: string;
  /** Variables every API function gets besides its own (the scheduler's). */
  extraEnvironment: Record<string, string>;
}

/** One Lambda function per handler group of functions/http/api.ts. */
export class ApiFunctions extends Construct {
  readonly byGroup: Record<HandlerGroup, ApiFunction>;

  constructor(scope: Construct, id: string, props: ApiFunctionsProps) {
    super(scope, id);
    const { config, data, identity } = props;

    // What functions/runtime/config.ts and the Powertools utilities read.
    const environment: Record<string, string> = {
      ...baseEnvironment(config, data),
      JWT_ISSUER: identity.issuerUrl,
      JWT_AUDIENCE: identity.audience.join(','),
      JWKS_URL: identity.jwksUrl,
      CORS_ORIGINS: props.corsOrigins.join(','),
      CURSOR_SECRET: props.cursorSecret,
      ...props.extraEnvironment,
    };

    const groups = Object.keys(HANDLER_GROUPS) as HandlerGroup[];
    const made = groups.map((group): ApiFunction => {
      const name = group.charAt(0).toUpperCase() + group.slice(1);
      const made = serviceFunction(this, name, {
        config,
        label: group,
        description: `Sport Poker ${config.stage}: ${HANDLER_GROUPS[group].length} routes of the ${group} group`,
        entry: `functions/http/handlers/${group}.ts`,
        environment,
        withOpenApi: group === 'system',
        withScreens: group === SCREEN_ASSET_GROUP,
        withPrintFonts: group === PRINT_FONT_GROUP,
      });
      data.grantItemAccess(made.fn);
      return { ...made, group };
    });

    this.byGroup = Object.fromEntries(made.map((f) => [f.group, f])) as Record<HandlerGroup, ApiFunction>;
  }

  get all(): ApiFunction[] {
    return Object.values(this.byGroup);
  }
}
