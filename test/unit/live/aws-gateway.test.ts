import { beforeEach, describe, expect, it } from 'vitest';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  ForbiddenException,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { AwsLiveGateway } from '../../../functions/live/aws-gateway';

const mock = mockClient(ApiGatewayManagementApiClient);
const gateway = () =>
  new AwsLiveGateway(
    'https://abc123.execute-api.eu-central-1.amazonaws.com/live',
    new ApiGatewayManagementApiClient({ region: 'eu-central-1' }),
  );
const gone = () => new GoneException({ message: 'gone', $metadata: { httpStatusCode: 410 } });
const bytes = (s: string) => new TextEncoder().encode(s);

beforeEach(() => mock.reset());

describe('the API Gateway adapter of live updates', () => {
  it('posts one frame to one connection with PostToConnection, the frame as UTF-8 bytes', async () => {
    mock.on(PostToConnectionCommand).resolves({});
    const frame = JSON.stringify({ type: 'event', version: 7, data: { title: 'Уровень 2' } });
    expect(await gateway().post('conn-1=', frame)).toBe('sent');
    expect(mock).toHaveReceivedCommandTimes(PostToConnectionCommand, 1);
    expect(mock).toHaveReceivedCommandWith(PostToConnectionCommand, { ConnectionId: 'conn-1=', Data: bytes(frame) });
  });

  it('answers gone for a connection API Gateway answers 410 for, and throws any other failure', async () => {
    mock.on(PostToConnectionCommand, { ConnectionId: 'closed' }).rejects(gone());
    mock
      .on(PostToConnectionCommand, { ConnectionId: 'denied' })
      .rejects(new ForbiddenException({ message: 'no', $metadata: { httpStatusCode: 403 } }));
    expect(await gateway().post('closed', '{}')).toBe('gone');
    await expect(gateway().post('denied', '{}')).rejects.toThrow(ForbiddenException);
  });

  it('closes with the code and reason in a last frame, then DeleteConnection', async () => {
    mock.on(PostToConnectionCommand).resolves({});
    mock.on(DeleteConnectionCommand).resolves({});
    await gateway().close('conn-2', 4403, "FORBIDDEN: another player's topic");
    const calls = mock.calls().map((c) => c.args[0]);
    expect(calls.map((c) => c.constructor)).toEqual([PostToConnectionCommand, DeleteConnectionCommand]);
    expect(calls[0]?.input).toEqual({
      ConnectionId: 'conn-2',
      Data: bytes(JSON.stringify({ type: 'closed', code: 4403, reason: "FORBIDDEN: another player's topic" })),
    });
    expect(calls[1]?.input).toEqual({ ConnectionId: 'conn-2' });
  });

  it('does not delete a connection that is already gone', async () => {
    mock.on(PostToConnectionCommand).rejects(gone());
    await gateway().close('conn-3', 4401, 'UNAUTHENTICATED');
    expect(mock).toHaveReceivedCommandTimes(DeleteConnectionCommand, 0);
  });
});
