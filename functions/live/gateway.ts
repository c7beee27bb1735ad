import { AwsLiveGateway } from './aws-gateway';

/**
 * How messages reach live connections: PostToConnection in AWS (aws-gateway.ts), the `ws` server of
 * `npm start` locally (scripts/local/live-server.ts). The protocol and the fan-out only see this port.
 */
export interface LiveGateway {
  /** Sends one frame; `gone` when the connection no longer exists (API Gateway's 410). */
  post(connectionId: string, frame: string): Promise<'sent' | 'gone'>;
  /** Ends a connection with an application close code and a reason. */
  close(connectionId: string, code: number, reason: string): Promise<void>;
}

let current: LiveGateway | undefined;

/**
 * The gateway of this process: the one put in by the local server or a test, else the WebSocket API
 * named by LIVE_CALLBACK_URL (set by the stack), else none, and then nothing is fanned out.
 */
export function liveGateway(): LiveGateway | undefined {
  if (!current && process.env.LIVE_CALLBACK_URL) current = new AwsLiveGateway(process.env.LIVE_CALLBACK_URL);
  return current;
}

/** The local server and tests put their gateway in; undefined removes it. */
export function useLiveGateway(gateway: LiveGateway | undefined): void {
  current = gateway;
}
