import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../scripts/local/dynamodb-local';
import { portFromEnv } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One DynamoDB Local (in memory) for the run; every test file makes its own table in it. */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DYNAMODB_ENDPOINT;
  if (external) {
    project.provide('dynamoEndpoint', external);
    return async () => undefined;
  }
  const port = portFromEnv('TEST_DYNAMODB_PORT');
  const db = await startDynamoLocal(port === undefined ? {} : { port });
  project.provide('dynamoEndpoint', db.endpoint);
  return async () => {
    await db.stop();
  };
}
