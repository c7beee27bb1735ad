import { App } from 'aws-cdk-lib';
import { parseStage } from './stage-config';
import { parseRegistryProvider } from './verification';
import { SportPokerStack } from './stack';
import { addNagChecks } from './nag-acknowledgements';

/**
 * The CDK app: `npx cdk synth|deploy [-c stage=dev|prod] [-c corsOrigins=https://a,https://b]
 * [-c alarmEmail=ops@example.org] [-c registryProvider=egrul|dadata|none] [-c registryBaseUrl=https://…]
 * [-c dadataKeyParameter=/sport-poker/<stage>/dadata-api-key]
 * [-c pushApnsApplicationArn=arn:aws:sns:…:app/APNS/…] [-c pushFcmApplicationArn=arn:aws:sns:…:app/GCM/…]`.
 * No context lookups, so synth needs neither network nor credentials.
 */
const app = new App();
const context = (key: string): string | undefined => {
  const value = app.node.tryGetContext(key) as unknown;
  return value === undefined || value === null || String(value).trim() === '' ? undefined : String(value).trim();
};
const stage = parseStage(context('stage'));
const corsOrigins = (context('corsOrigins') ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const { CDK_DEFAULT_ACCOUNT: account, CDK_DEFAULT_REGION: region } = process.env;

new SportPokerStack(app, `SportPoker-${stage}`, {
  stage,
  corsOrigins,
  registryProvider: parseRegistryProvider(context('registryProvider')),
  registryBaseUrl: context('registryBaseUrl'),
  dadataKeyParameter: context('dadataKeyParameter'),
  alarmEmail: context('alarmEmail'),
  pushApplications: { apns: context('pushApnsApplicationArn'), fcm: context('pushFcmApplicationArn') },
  env: account || region ? { account, region } : undefined,
});

addNagChecks(app);
