import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../scripts/local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One DynamoDB Local (in memory) for the run; every test file makes its own table in it. */
export default async function setup(project: TestProject) {
  const db = await startDynamoLocal();
  project.provide('dynamoEndpoint', db.endpoint);
  return async () => {
    await db.stop();
  };
}
