/**
 * `npm start`: the API on this machine. Starts DynamoDB Local (data under .data/), creates the
 * table from the stack's definition, seeds a demo club, serves the real handlers over HTTP and
 * prints demo credentials. Ctrl-C stops everything it started, Java included.
 */
import './local/node-version';
import { writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { startDynamoLocal, ensureTable } from './local/dynamodb-local';
import { startLocalApi, LOCAL_AUDIENCE } from './local/local-api';
import { CURSOR_SECRET_FILE, DATA_DIR, DB_DIR, ISSUER_KEY_FILE, LOGO_DIR, RUNTIME_FILE, type RuntimeInfo } from './local/paths';
import { DEMO, seedDemo, seedUpcomingTournament, UPCOMING_NAME } from './local/seed';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const tableName = process.env.TABLE_NAME ?? 'sport-poker-local';

async function main(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  const db = await startDynamoLocal({ port: process.env.DYNAMODB_PORT ? Number(process.env.DYNAMODB_PORT) : undefined, dataDir: DB_DIR });
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await api?.close().catch(() => undefined);
    await db.stop();
    rmSync(RUNTIME_FILE, { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // If Node dies some other way, Java must not outlive it.
  process.on('exit', () => db.process.exitCode === null && db.process.kill('SIGKILL'));

  let api: Awaited<ReturnType<typeof startLocalApi>> | undefined;
  try {
    await ensureTable(db.endpoint, tableName);
    api = await startLocalApi({
      port,
      host,
      dynamoEndpoint: db.endpoint,
      tableName,
      keyFile: ISSUER_KEY_FILE,
      cursorSecretFile: CURSOR_SECRET_FILE,
      logoDir: LOGO_DIR,
      logLevel: process.env.POWERTOOLS_LOG_LEVEL ?? 'INFO',
      // A large evening's projections run beside the desk's requests, not between them.
      consumer: 'thread',
    });
    await seedDemo();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    await stop(1);
    return;
  }
  const info: RuntimeInfo = { url: api.url, issuer: api.issuer.issuer, audience: LOCAL_AUDIENCE, dynamoEndpoint: db.endpoint, tableName };
  writeFileSync(RUNTIME_FILE, JSON.stringify(info, null, 2));

  const day = 24 * 3600;
  const [operator, owner, manager, player] = await Promise.all([
    api.issuer.mint({ sub: DEMO.operatorId, operator: true, expiresInSec: day }),
    api.issuer.mint({ sub: DEMO.ownerId, expiresInSec: day }),
    api.issuer.mint({ sub: DEMO.managerId, expiresInSec: day }),
    api.issuer.mint({ sub: DEMO.playerId, expiresInSec: day }),
  ]);
  // The app's catalogue lists upcoming tournaments only: the demo club always has one open for registration.
  const upcoming = await seedUpcomingTournament(api.url, owner).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    return undefined;
  });
  console.log(`
Sport Poker API (local) is listening on ${api.url}
  health:   ${api.url}/health
  contract: ${api.url}/openapi.json
  docs:     ${api.url}/docs
  live:     ${api.url.replace(/^http/, 'ws')}/v1/live (WebSocket, subprotocol sport-poker.v1; docs/decisions/live-updates.md)
  DynamoDB Local: ${db.endpoint} (data in ${DB_DIR}), table ${tableName}

Demo club: ${DEMO.clubId}${upcoming ? `; "${UPCOMING_NAME}" (${upcoming}) is open for registration: ${api.url}/v1/catalog/tournaments` : ''}
Demo credentials (valid 24 h; more with: npm run token -- --role <role> [--club <clubId>] [--sub <userId>]):
  operator  (${DEMO.operatorId}):  ${operator}
  owner     (${DEMO.ownerId}):  ${owner}
  manager   (${DEMO.managerId}):  ${manager}
  player    (${DEMO.playerId}):  ${player}

Try:
  curl -s ${api.url}/v1/clubs/${DEMO.clubId} -H "Authorization: Bearer <owner token>"

Ctrl-C stops the API and DynamoDB Local.
`);
}

void main();
