import { DynamoFeed } from './feed';
import { fanOut, type NotificationPort } from './port';
import { PushChannel } from '../push/channel';

export type { NotificationPort, PlayerNotification } from './port';
export { fanOut } from './port';

let current: NotificationPort | undefined;

/** The delivery channels of this process: the feed, and push to phones for the few that must not be missed. */
export function notifier(): NotificationPort {
  current ??= fanOut(new DynamoFeed(), new PushChannel());
  return current;
}

/** Tests put a recording port in; undefined goes back to the default. */
export function useNotifier(port: NotificationPort | undefined): void {
  current = port;
}
