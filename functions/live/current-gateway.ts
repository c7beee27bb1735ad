import { AwsLiveGateway } from './aws-gateway';
import type { LiveGateway } from './gateway';

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
