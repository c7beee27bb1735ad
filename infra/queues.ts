import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';

/**
 * A queue where work that failed every retry is kept for a person to look at (and replay): encrypted
 * at rest with the SQS managed key (no KMS permissions needed by the senders), HTTPS only, kept for
 * the 14 days SQS allows. Nothing consumes it; an alarm fires on its first message.
 */
export function failureQueue(scope: Construct, id: string): Queue {
  return new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    // Failed work is worth nothing once the stack and its functions are gone.
    removalPolicy: RemovalPolicy.DESTROY,
  });
}
