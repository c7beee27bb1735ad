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
    jwtAudience: (env.JWT_AUDIENCE ?? 'sport-poker-local').split(',').map((s) => s.trim()).filter(Boolean),
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

/** Tests and the local server change the environment between uses. */
export function resetConfig(): void {
  cached = undefined;
}
