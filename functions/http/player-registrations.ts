import { idField, type ItemKey, type PrefetchInput } from '../platform/prefetch';
import { profileItemKey, scheduleItemKey } from '../store/player-schedule';

/** The prefetch of a route that registers the player named by the body's `field` (or the caller). */
export const registeringPlayerItems =
  (field: string | 'caller') =>
  ({ body, userId }: PrefetchInput): ItemKey[] => {
    const playerId = field === 'caller' ? userId : idField(body, field);
    return playerId ? [profileItemKey(playerId), scheduleItemKey(playerId)] : [];
  };
