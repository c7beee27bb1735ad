export type PushPlatform = 'apns' | 'fcm';

/** What a phone shows: a title and a line, and data for the app to open the right screen. */
export interface PushMessage {
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/** A mobile push service: SNS in AWS (sns.ts), a recorder on this machine (scripts/local/adapters/push-recorder.ts). */
export interface PushAdapter {
  /** Registers a device token; answers the address later sends go to (an SNS endpoint ARN). */
  register(platform: PushPlatform, token: string, playerId: string): Promise<string>;
  /** `gone` when the service no longer knows the device (uninstalled app, expired token). */
  send(endpoint: string, platform: PushPlatform, message: PushMessage): Promise<'sent' | 'gone'>;
  unregister(endpoint: string): Promise<void>;
  /** Whether devices of the platform can be registered here. */
  supports(platform: PushPlatform): boolean;
}
