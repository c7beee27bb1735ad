import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type DynamoLocal } from '../../scripts/local/dynamodb-local';
import { portFromEnv } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** The run's DynamoDB Local, shared by the projects that set this up (integration, e2e-bundles). */
let shared: { db: Promise<DynamoLocal>; users: number } | undefined;

/** One DynamoDB Local (in memory) for the run; every test file makes its own table in it. */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DYNAMODB_ENDPOINT;
  if (external) {
    project.provide('dynamoEndpoint', external);
    return async () => undefined;
  }
  if (!shared) {
    const port = portFromEnv('TEST_DYNAMODB_PORT');
    shared = { db: startDynamoLocal(port === undefined ? {} : { port }), users: 0 };
  }
  const mine = shared;
  mine.users++;
  project.provide('dynamoEndpoint', (await mine.db).endpoint);
  return async () => {
    if (--mine.users > 0) return;
    if (shared === mine) shared = undefined;
    await (await mine.db).stop();
  };
}
