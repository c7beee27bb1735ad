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
