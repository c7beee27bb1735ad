import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../runtime/logger';
import { closeConnection, openConnection, receive } from './protocol';
import { problem, problemResponse } from '../platform/problem';

/** $connect carries the handshake's headers; the other routes do not. */
type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> };

/**
 * Lambda entry of the WebSocket API's routes: $connect authenticates (the answer selects the
 * subprotocol, as browsers require), $disconnect removes the connection's items, and every message
 * (`subscribe`, `ping`, anything else through $default) goes to the protocol.
 */
export const handler = middy(async (event: WebSocketEvent): Promise<APIGatewayProxyResultV2> => {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === '$connect') {
    const outcome = await openConnection(connectionId, event.headers ?? {});
    if (!outcome.ok) return problemResponse(problem(outcome.status, outcome.code, outcome.message));
    return { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': outcome.protocol } };
  }
  if (routeKey === '$disconnect') {
    await closeConnection(connectionId);
    return { statusCode: 200 };
  }
  await receive(connectionId, event.body ?? '');
  return { statusCode: 200 };
}).use(injectLambdaContext(logger, { resetKeys: true }));
