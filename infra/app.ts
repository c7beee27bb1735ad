import { App } from 'aws-cdk-lib';
import { parseStage } from './stage-config';
import { SportPokerStack } from './stack';
import { addNagChecks } from './nag-acknowledgements';

/**
 * The CDK app: `npx cdk synth|deploy [-c stage=dev|prod] [-c corsOrigins=https://a,https://b]`.
 * No context lookups, so synth needs neither network nor credentials.
 */
const app = new App();
const stage = parseStage(app.node.tryGetContext('stage'));
const corsOrigins = String(app.node.tryGetContext('corsOrigins') ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const { CDK_DEFAULT_ACCOUNT: account, CDK_DEFAULT_REGION: region } = process.env;

new SportPokerStack(app, `SportPoker-${stage}`, {
  stage,
  corsOrigins,
  env: account || region ? { account, region } : undefined,
});

addNagChecks(app);
