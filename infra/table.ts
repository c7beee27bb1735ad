import { Construct } from 'constructs';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE } from '../functions/store/table-definition';
import type { StageConfig } from './stage-config';

/**
 * The single DynamoDB table. Keys, indexes and the TTL attribute come from
 * functions/store/table-definition.ts, the same source the embedded DynamoDB is built from.
 */
export class DataTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: { config: StageConfig }) {
    super(scope, id);
    const { config } = props;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: TableEncryption.AWS_MANAGED,
      // The projections consumer (infra/projections.ts) derives read models from committed events.
      stream: StreamViewType.NEW_IMAGE,
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });

    for (const gsi of GSIS) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        ...(gsi.projection.type === 'INCLUDE'
          ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...gsi.projection.nonKeyAttributes] }
          : { projectionType: ProjectionType.KEYS_ONLY }),
      });
    }
  }

  /**
   * Item reads and writes on the table and its named indexes, nothing else: no Scan, no table
   * management, and each index ARN spelled out instead of `index/*`. Transactions need no actions
   * of their own (TransactWriteItems is authorised per item as Put/Update/Delete/ConditionCheck).
   */
  grantItemAccess(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:ConditionCheckItem',
        ],
        resources: [this.table.tableArn, ...GSIS.map((g) => `${this.table.tableArn}/index/${g.indexName}`)],
      }),
    );
  }
}
