import { RemovalPolicy } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { StageConfig } from './stage-config';

/**
 * The HMAC key that seals pagination cursors (functions/platform/cursor.ts). Secrets Manager makes
 * it at deploy time, so it is never in the template or the repository; the functions get it as
 * CURSOR_SECRET through a CloudFormation dynamic reference resolved at deploy time.
 */
export class CursorKey extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: { config: StageConfig }) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: `Sport Poker ${props.config.stage}: HMAC key of pagination cursors`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // Losing it only invalidates the cursors in flight: nothing to keep after the stack is gone.
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }

  /** The value for the functions' environment (a `{{resolve:secretsmanager:...}}` reference). */
  get value(): string {
    return this.secret.secretValue.unsafeUnwrap();
  }
}
