import { fileURLToPath } from 'node:url';
import { Construct } from 'constructs';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { HANDLER_GROUPS, type HandlerGroup } from '../functions/http/api';
import type { StageConfig } from './stage-config';
import type { DataTable } from './table';
import type { Identity } from './identity';

export const RUNTIME = Runtime.NODEJS_22_X;
export const SERVICE_NAME = 'sport-poker';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const entryOf = (group: string): string => `${REPO_ROOT}functions/http/handlers/${group}.ts`;

/** ESM bundles still meet CommonJS dependencies that call `require`: give them one. */
const ESM_REQUIRE_SHIM =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export interface ApiFunction {
  group: HandlerGroup;
  fn: NodejsFunction;
  role: Role;
  logGroup: LogGroup;
}

export interface ApiFunctionsProps {
  config: StageConfig;
  data: DataTable;
  identity: Identity;
  corsOrigins: string[];
  /** Key that seals pagination cursors (see functions/platform/cursor.ts). */
  cursorSecret: string;
}

/** One Lambda function per handler group of functions/http/api.ts. */
export class ApiFunctions extends Construct {
  readonly byGroup: Record<HandlerGroup, ApiFunction>;

  constructor(scope: Construct, id: string, props: ApiFunctionsProps) {
    super(scope, id);
    const { config, data, identity } = props;

    // What functions/platform/config.ts and the Powertools utilities read.
    const environment: Record<string, string> = {
      STAGE: config.stage,
      TABLE_NAME: data.table.tableName,
      JWT_ISSUER: identity.issuerUrl,
      JWT_AUDIENCE: identity.audience.join(','),
      JWKS_URL: identity.jwksUrl,
      CORS_ORIGINS: props.corsOrigins.join(','),
      CURSOR_SECRET: props.cursorSecret,
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
      POWERTOOLS_LOG_LEVEL: config.logLevel,
      NODE_OPTIONS: '--enable-source-maps',
    };

    const groups = Object.keys(HANDLER_GROUPS) as HandlerGroup[];
    const made = groups.map((group): ApiFunction => {
      const name = group.charAt(0).toUpperCase() + group.slice(1);

      const logGroup = new LogGroup(this, `${name}Logs`, {
        retention: config.logRetention,
        removalPolicy: config.removalPolicy,
      });

      // An own role instead of AWSLambdaBasicExecutionRole: it may write to its own log group only.
      const role = new Role(this, `${name}Role`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `Sport Poker ${config.stage}: ${group} API function`,
      });
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          resources: [logGroup.logGroupArn],
        }),
      );

      const fn = new NodejsFunction(this, name, {
        description: `Sport Poker ${config.stage}: ${HANDLER_GROUPS[group].length} routes of the ${group} group`,
        entry: entryOf(group),
        handler: 'handler',
        projectRoot: REPO_ROOT,
        depsLockFilePath: `${REPO_ROOT}package-lock.json`,
        runtime: RUNTIME,
        architecture: Architecture.ARM_64,
        memorySize: config.memorySize,
        timeout: config.timeout,
        tracing: Tracing.ACTIVE,
        role,
        logGroup,
        environment,
        bundling: {
          format: OutputFormat.ESM,
          target: 'node22',
          minify: true,
          sourceMap: true,
          mainFields: ['module', 'main'],
          banner: ESM_REQUIRE_SHIM,
          // The SDK is bundled too: the versions the tests ran with, not whatever the runtime carries.
          bundleAwsSDK: true,
        },
      });

      data.grantItemAccess(fn);
      return { group, fn, role, logGroup };
    });

    this.byGroup = Object.fromEntries(made.map((f) => [f.group, f])) as Record<HandlerGroup, ApiFunction>;
  }

  get all(): ApiFunction[] {
    return Object.values(this.byGroup);
  }
}
