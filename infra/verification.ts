import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { baseEnvironment, serviceFunction, type ServiceFunction } from './functions';
import { failureQueue } from './queues';
import type { StageConfig } from './stage-config';
import type { DataTable } from './table';

/** Registry sources of functions/adapters/registry (`none`: every check goes to moderators). */
export const REGISTRY_PROVIDERS = ['egrul', 'dadata', 'none'] as const;
export type RegistryProvider = (typeof REGISTRY_PROVIDERS)[number];

export function parseRegistryProvider(value: unknown): RegistryProvider {
  const provider = value ?? 'egrul';
  if (typeof provider === 'string' && (REGISTRY_PROVIDERS as readonly string[]).includes(provider)) return provider as RegistryProvider;
  throw new Error(`unknown registry provider ${JSON.stringify(value)}: use -c registryProvider=${REGISTRY_PROVIDERS.join('|')}`);
}

/** Where the DaData API key is looked up when `-c dadataKeyParameter` is not given. */
export const defaultDadataKeyParameter = (stage: string): string => `/sport-poker/${stage}/dadata-api-key`;

/** The registry answers in seconds, but EGRUL is throttled to one request per 2 s and may be slow. */
export const WORKER_TIMEOUT = Duration.seconds(120);

export interface VerificationWorkerProps {
  config: StageConfig;
  data: DataTable;
  registryProvider: RegistryProvider;
  /** Another registry host (a fake for tests); default the provider's own. */
  registryBaseUrl?: string;
  /** Name of the SSM SecureString parameter holding the DaData API key; the stack never holds the value. */
  dadataKeyParameter: string;
}

/**
 * The club verification worker (functions/jobs/verify-club.ts), invoked asynchronously by the
 * `verification` API function. One instance at a time (reserved concurrency 1): the registry throttle
 * lives in the container, so parallel containers would hit the registry in parallel. Lambda queues the
 * events meanwhile, retries a failed check twice, and puts what still fails on the failure queue.
 *
 * The worker is not in a VPC and reaches the registry (egrul.nalog.ru, DaData) through the internet
 * egress every Lambda function has by default.
 */
export class VerificationWorker extends Construct {
  readonly worker: ServiceFunction;
  readonly failures: Queue;
  readonly registryProvider: RegistryProvider;
  readonly dadataKeyParameter: string;
  readonly dadataKeyParameterArn: string;
  /** KMS keys of this account and region, usable only through SSM (the parameter's key is not known here). */
  readonly ssmKeysArn: string;

  constructor(scope: Construct, id: string, props: VerificationWorkerProps) {
    super(scope, id);
    const { config, data } = props;
    const stack = Stack.of(this);
    if (!/^\/?[\w.\-/]+$/.test(props.dadataKeyParameter)) {
      throw new Error(`dadataKeyParameter must be an SSM parameter name, got ${JSON.stringify(props.dadataKeyParameter)}`);
    }
    this.registryProvider = props.registryProvider;
    this.dadataKeyParameter = props.dadataKeyParameter;
    this.dadataKeyParameterArn = stack.formatArn({
      service: 'ssm',
      resource: 'parameter',
      resourceName: props.dadataKeyParameter.replace(/^\//, ''),
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    this.ssmKeysArn = stack.formatArn({ service: 'kms', resource: 'key', resourceName: '*' });

    this.failures = failureQueue(this, 'Failures');

    this.worker = serviceFunction(this, 'Worker', {
      config,
      label: 'verify-club',
      description: `Sport Poker ${config.stage}: club verification against the state registry`,
      entry: 'functions/jobs/verify-club.ts',
      environment: {
        ...baseEnvironment(config, data),
        REGISTRY_PROVIDER: props.registryProvider,
        ...(props.registryBaseUrl ? { REGISTRY_BASE_URL: props.registryBaseUrl } : {}),
        DADATA_KEY_PARAMETER: props.dadataKeyParameter,
      },
      timeout: WORKER_TIMEOUT,
      reservedConcurrentExecutions: 1,
      asyncInvoke: {
        retryAttempts: 2,
        // Events wait in Lambda's queue while the single instance is busy; a check hours late is still useful.
        maxEventAge: Duration.hours(6),
        onFailure: new SqsDestination(this.failures),
      },
    });
    data.grantItemAccess(this.worker.fn);

    // The DaData key: read by name at run time (functions/adapters/registry/ssm-secret.ts), decrypted by SSM.
    this.worker.role.addToPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['ssm:GetParameter'], resources: [this.dadataKeyParameterArn] }),
    );
    this.worker.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['kms:Decrypt'],
        resources: [this.ssmKeysArn],
        conditions: { StringEquals: { 'kms:ViaService': `ssm.${stack.region}.${stack.urlSuffix}` } },
      }),
    );
  }

  /** The API function that starts checks: the worker's name, the configured source, and invoke on the worker only. */
  grantEnqueue(api: ServiceFunction): void {
    api.fn.addEnvironment('VERIFY_CLUB_FUNCTION_NAME', this.worker.fn.functionName);
    api.fn.addEnvironment('REGISTRY_PROVIDER', this.registryProvider);
    api.role.addToPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['lambda:InvokeFunction'], resources: [this.worker.fn.functionArn] }),
    );
  }
}
