import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';

export interface SecretReaderOptions {
  client?: SSMClient;
  /** How long a read value is reused (per container); a rotated key is picked up after this. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * A secret read by name from SSM Parameter Store (SecureString, decrypted), cached per container.
 * A Secrets Manager secret is read the same way through its reference parameter
 * `/aws/reference/secretsmanager/<secret name>`. The value never appears in code or logs.
 */
export function ssmSecretReader(name: string, options: SecretReaderOptions = {}): () => Promise<string> {
  const ttlMs = options.ttlMs ?? 15 * 60_000;
  const now = options.now ?? Date.now;
  let client = options.client;
  let cached: { value: string; until: number } | undefined;
  let inFlight: Promise<string> | undefined;
  return async () => {
    if (cached && cached.until > now()) return cached.value;
    inFlight ??= (async () => {
      try {
        client ??= new SSMClient({});
        const res = await client.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
        const value = res.Parameter?.Value ?? '';
        if (value) cached = { value, until: now() + ttlMs };
        return value;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  };
}
