import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { stageConfig, type Stage, type StageConfig } from './stage-config';
import { DataTable } from './table';
import { Identity } from './identity';
import { CursorKey } from './secrets';
import { ApiFunctions } from './functions';
import { PublicApi } from './api';
import { acknowledgeNagFindings } from './nag-acknowledgements';

export interface SportPokerStackProps extends StackProps {
  stage: Stage;
  /** Origins allowed by CORS; default `*` (the API authenticates with bearer tokens and API keys, never cookies). */
  corsOrigins?: string[];
}

/** One stage of Sport Poker: table, user pool, functions and the HTTP API. */
export class SportPokerStack extends Stack {
  readonly config: StageConfig;
  readonly data: DataTable;
  readonly identity: Identity;
  readonly cursorKey: CursorKey;
  readonly functions: ApiFunctions;
  readonly api: PublicApi;

  constructor(scope: Construct, id: string, props: SportPokerStackProps) {
    const { stage, corsOrigins: origins, ...stackProps } = props;
    super(scope, id, {
      description: `Sport Poker API (${stage})`,
      terminationProtection: stage === 'prod',
      ...stackProps,
    });
    const config = (this.config = stageConfig(stage));
    const corsOrigins = origins?.length ? origins : ['*'];

    Tags.of(this).add('project', 'sport-poker');
    Tags.of(this).add('stage', config.stage);

    this.data = new DataTable(this, 'Data', { config });
    this.identity = new Identity(this, 'Identity', { config });
    this.cursorKey = new CursorKey(this, 'CursorKey', { config });
    this.functions = new ApiFunctions(this, 'Functions', {
      config,
      data: this.data,
      identity: this.identity,
      corsOrigins,
      cursorSecret: this.cursorKey.value,
    });
    this.api = new PublicApi(this, 'Api', { config, functions: this.functions, identity: this.identity, corsOrigins });

    acknowledgeNagFindings(this);

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'Base URL of the HTTP API' });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'StaffWebClientId', { value: this.identity.staffWebClient.userPoolClientId });
    new CfnOutput(this, 'MobileClientId', { value: this.identity.mobileClient.userPoolClientId });
    new CfnOutput(this, 'JwtIssuer', { value: this.identity.issuerUrl });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
  }
}
