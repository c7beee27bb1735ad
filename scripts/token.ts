/**
 * `npm run token -- --role <role> [--club <clubId>] [--sub <userId>]` prints one JWT on stdout,
 * signed by the local issuer of `npm start`. With a staff role and --club, the user is also made a
 * member of that club with that role (club roles live in the table, not in the token).
 */
import './local/node-version';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { localIssuer } from './local/issuer';
import { LOCAL_AUDIENCE } from './local/local-api';
import { ISSUER_KEY_FILE, RUNTIME_FILE, type RuntimeInfo } from './local/paths';
import { ROLES, type Role } from '../domain/core/context';

const STAFF = ['owner', 'manager', 'dealer', 'cashier'] as const;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { role: { type: 'string' }, club: { type: 'string' }, sub: { type: 'string' }, ttl: { type: 'string' } },
  });
  const role = values.role as Role | undefined;
  if (!role || !ROLES.includes(role)) {
    console.error(`usage: npm run token -- --role <${ROLES.join('|')}> [--club <clubId>] [--sub <userId>] [--ttl <seconds>]`);
    return 2;
  }
  const runtime: RuntimeInfo | undefined = existsSync(RUNTIME_FILE)
    ? (JSON.parse(readFileSync(RUNTIME_FILE, 'utf8')) as RuntimeInfo)
    : undefined;
  const issuerUrl = runtime?.issuer ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/local-issuer`;
  if (!runtime) console.error(`note: the local API is not running; the token is for ${issuerUrl}`);
  const sub = values.sub ?? (values.club ? `${role}-${values.club}` : `local-${role}`);
  const issuer = await localIssuer({ issuer: issuerUrl, audience: runtime?.audience ?? LOCAL_AUDIENCE, keyFile: ISSUER_KEY_FILE });

  if (values.club && (STAFF as readonly string[]).includes(role)) {
    if (!runtime) {
      console.error('note: --club needs the running API (npm start) to record the membership; the token is printed without it');
    } else {
      process.env.TABLE_NAME = runtime.tableName;
      process.env.DYNAMODB_ENDPOINT = runtime.dynamoEndpoint;
      const { entities } = await import('../functions/store/entities');
      const { club, member } = entities();
      if (!(await club.get({ clubId: values.club }).go()).data) {
        console.error(`no club ${values.club}; create it first (POST /v1/clubs with an owner token)`);
        return 1;
      }
      await member
        .put({
          clubId: values.club,
          userId: sub,
          role: role as (typeof STAFF)[number],
          addedBy: 'local-token-script',
          addedAt: new Date().toISOString(),
        })
        .go();
      console.error(`note: ${sub} is now ${role} of ${values.club}`);
    }
  }
  const ttl = values.ttl ? Number(values.ttl) : 12 * 3600;
  process.stdout.write(`${await issuer.mint({ sub, operator: role === 'operator', expiresInSec: ttl })}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
