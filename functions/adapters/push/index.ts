import { snsPushConfigFromEnv, type SnsPushConfig } from './sns-config';
import type { PushAdapter } from './port';

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
