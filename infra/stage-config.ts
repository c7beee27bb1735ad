import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** The deployment stages. `dev` is disposable; `prod` holds clubs' data and keeps it. */
export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export function parseStage(value: unknown): Stage {
  const stage = value ?? 'dev';
  if (typeof stage === 'string' && (STAGES as readonly string[]).includes(stage)) return stage as Stage;
  throw new Error(`unknown stage ${JSON.stringify(value)}: use -c stage=${STAGES.join('|')}`);
}

/** Everything that differs between stages, in one place. */
export interface StageConfig {
  stage: Stage;
  /** Stateful resources (table, user pool): DESTROY in dev, RETAIN in prod. */
  removalPolicy: RemovalPolicy;
  /** DynamoDB and Cognito deletion protection. */
  deletionProtection: boolean;
  logRetention: RetentionDays;
  logLevel: 'DEBUG' | 'INFO';
  memorySize: number;
  timeout: Duration;
  /** API Gateway default route throttling. */
  throttle: { burstLimit: number; rateLimit: number };
  /** Cognito threat protection: audit-only in dev (test accounts sign in from scripts), enforced in prod. */
  enforceThreatProtection: boolean;
}

export function stageConfig(stage: Stage): StageConfig {
  if (stage === 'prod') {
    return {
      stage,
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
      logRetention: RetentionDays.THREE_MONTHS,
      logLevel: 'INFO',
      memorySize: 1024,
      timeout: Duration.seconds(15),
      throttle: { burstLimit: 500, rateLimit: 200 },
      enforceThreatProtection: true,
    };
  }
  return {
    stage,
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.ONE_MONTH,
    logLevel: 'DEBUG',
    memorySize: 512,
    timeout: Duration.seconds(15),
    throttle: { burstLimit: 50, rateLimit: 25 },
    enforceThreatProtection: false,
  };
}
