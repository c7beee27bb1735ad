import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { LiveGateway } from './gateway';

/**
 * The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`).
 * API Gateway answers 410 (GoneException) for a connection that has closed: the fan-out drops it.
 */
export class AwsLiveGateway implements LiveGateway {
  private readonly client: ApiGatewayManagementApiClient;

  constructor(endpoint: string, client?: ApiGatewayManagementApiClient) {
    this.client =
      client ?? new ApiGatewayManagementApiClient({ endpoint, region: process.env.AWS_REGION ?? 'eu-central-1', maxAttempts: 2 });
  }

  async post(connectionId: string, frame: string): Promise<'sent' | 'gone'> {
    try {
      await this.client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(frame) }));
      return 'sent';
    } catch (e) {
      if (e instanceof GoneException || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) return 'gone';
      throw e;
    }
  }

  /**
   * API Gateway closes a connection from the server side without an application close code, so the
   * code and reason travel in a last frame (`{"type":"closed",...}`) before DeleteConnection.
   */
  async close(connectionId: string, code: number, reason: string): Promise<void> {
    if ((await this.post(connectionId, JSON.stringify({ type: 'closed', code, reason }))) === 'gone') return;
    try {
      await this.client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (e) {
      if (!(e instanceof GoneException)) throw e;
    }
  }
}
