import { createHash } from 'node:crypto';
import type { PushAdapter, PushMessage, PushPlatform } from '../../../functions/adapters/push/port';

export interface RecordedPush {
  endpoint: string;
  platform: PushPlatform;
  message: PushMessage;
  at: number;
}

/**
 * Push on this machine: nothing leaves it; what would have been sent is kept (and logged by `npm start`),
 * so a test or a developer sees exactly the pushes AWS would send.
 */
export class RecordingPushAdapter implements PushAdapter {
  readonly sent: RecordedPush[] = [];
  /** Endpoints a test declares uninstalled: sends to them answer `gone`. */
  readonly gone = new Set<string>();

  constructor(private readonly onSend?: (p: RecordedPush) => void) {}

  supports(): boolean {
    return true;
  }

  async register(platform: PushPlatform, token: string): Promise<string> {
    return `local:${platform}:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
  }

  async send(endpoint: string, platform: PushPlatform, message: PushMessage): Promise<'sent' | 'gone'> {
    if (this.gone.has(endpoint)) return 'gone';
    const p = { endpoint, platform, message, at: Date.now() };
    this.sent.push(p);
    this.onSend?.(p);
    return 'sent';
  }

  async unregister(endpoint: string): Promise<void> {
    this.gone.add(endpoint);
  }
}
