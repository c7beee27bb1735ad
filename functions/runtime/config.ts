import { randomBytes } from 'node:crypto';

/** Runtime configuration, read from the environment once (Lambda sets it from the stack; `npm start` locally). */
export interface Config {
  tableName: string;
  /** Set only for the embedded DynamoDB; absent in AWS. */
  dynamoEndpoint: string | undefined;
  region: string;
  jwtIssuer: string;
  jwtAudience: string[];
  jwksUrl: string;
  stage: string;
  maxBodyBytes: number;
  corsOrigins: string[];
}

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const env = process.env;
  const issuer = env.JWT_ISSUER ?? 'http://localhost:3000/local-issuer';
  cached = {
    tableName: env.TABLE_NAME ?? 'sport-poker',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    region: env.AWS_REGION ?? 'eu-central-1',
    jwtIssuer: issuer,
    jwtAudience: (env.JWT_AUDIENCE ?? 'sport-poker-local')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jwksUrl: env.JWKS_URL ?? `${issuer.replace(/\/$/, '')}/.well-known/jwks.json`,
    stage: env.STAGE ?? 'local',
    maxBodyBytes: Number(env.MAX_BODY_BYTES ?? 262_144),
    corsOrigins: corsOrigins(),
  };
  return cached;
}

/**
 * CORS origins are needed when a handler is built, at import time; reading them must not fix the rest
 * of the configuration before the environment is complete (the local server sets it after imports).
 */
export const corsOrigins = (): string[] => (process.env.CORS_ORIGINS ?? '*').split(',').map((s) => s.trim());

/** Lambda sets AWS_LAMBDA_FUNCTION_NAME in every function's environment; nothing else does. */
export const inLambda = (env: NodeJS.ProcessEnv = process.env): boolean => Boolean(env.AWS_LAMBDA_FUNCTION_NAME);

/** Made once per process outside Lambda when nobody set one: cursors then live as long as the process. */
let processCursorSecret: string | undefined;

/**
 * The HMAC key of list cursors (cursor.ts). In Lambda the stack sets it (infra/secrets.ts), and a function
 * without it stops at its cold start rather than seal cursors with a key anyone could know. `npm start`
 * and the tests set one (scripts/local/cursor-secret.ts); anything else local gets a random one.
 */
export function cursorSecret(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.CURSOR_SECRET;
  if (set) return set;
  if (inLambda(env)) {
    throw new Error(
      `CURSOR_SECRET is not set in ${env.AWS_LAMBDA_FUNCTION_NAME}: list cursors cannot be sealed (the stack passes it from Secrets Manager, infra/secrets.ts)`,
    );
  }
  processCursorSecret ??= randomBytes(32).toString('base64url');
  return processCursorSecret;
}

/** Tests and the local server change the environment between uses. */
export function resetConfig(): void {
  cached = undefined;
}
