import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import type { StageConfig } from './stage-config';
import type { ServiceFunction } from './functions';

/**
 * The clubs' logos (functions/adapters/club-logos/s3.ts): a private, encrypted bucket that only the function
 * serving the logo routes reads and writes; the API answers with the bytes, so nothing is public here.
 */
export class LogoBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { config: StageConfig }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      removalPolicy: props.config.removalPolicy,
    });
  }

  /** Read, write and delete of the logo objects, and the bucket's name in env LOGO_BUCKET. */
  grantLogos(f: ServiceFunction): void {
    // The three object actions on the logo keys, nothing on the bucket itself.
    f.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [this.bucket.arnForObjects('clubs/*')],
      }),
    );
    f.fn.addEnvironment('LOGO_BUCKET', this.bucket.bucketName);
  }
}
