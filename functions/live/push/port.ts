import { snsPushConfigFromEnv, type SnsPushConfig } from './sns-config';

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

let current: PushAdapter | undefined;
let resolved = false;

/** The adapter of this process: one put in (local server, tests), else SNS when the stack names platform applications, else none. */
export function pushAdapter(): PushAdapter | undefined {
  if (!current && !resolved) {
    resolved = true;
    const cfg = snsPushConfigFromEnv();
    if (cfg) current = lazySnsAdapter(cfg);
  }
  return current;
}

export function usePushAdapter(adapter: PushAdapter | undefined): void {
  current = adapter;
  resolved = true;
}

/**
 * SNS with its client loaded at the first call: the functions that carry push (players, operator, the
 * stream consumer) serve most requests without one, and the client's import is about 50 KB of every cold start.
 */
function lazySnsAdapter(config: SnsPushConfig): PushAdapter {
  let loaded: Promise<PushAdapter> | undefined;
  const adapter = () => (loaded ??= import('./sns').then(({ SnsPushAdapter }) => new SnsPushAdapter(config)));
  return {
    supports: (platform) => config[platform] !== undefined,
    register: async (platform, token, playerId) => (await adapter()).register(platform, token, playerId),
    send: async (endpoint, platform, message) => (await adapter()).send(endpoint, platform, message),
    unregister: async (endpoint) => (await adapter()).unregister(endpoint),
  };
}
