import { DynamoFeed } from './feed';
import type { NotificationPort } from './port';

export type { NotificationPort, PlayerNotification } from './port';
export { fanOut } from './port';

let current: NotificationPort | undefined;

/** The delivery channels of this process: the feed today; a push channel joins through `fanOut`. */
export function notifier(): NotificationPort {
  current ??= new DynamoFeed();
  return current;
}

/** Tests put a recording port in; undefined goes back to the default. */
export function useNotifier(port: NotificationPort | undefined): void {
  current = port;
}
