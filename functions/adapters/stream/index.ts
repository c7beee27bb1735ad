/** The table's stream on this machine: the filter the AWS mapping applies, and the poller that stands in for it. */
export { EVENT_SORT_KEY_PREFIX, isEventInsert } from './filter';
export { startLocalStreamPoller, toLambdaAttributeValue, toLambdaRecord } from './local-poller';
export type { LocalStreamPoller, LocalStreamPollerOptions, StreamRecordsHandler } from './local-poller';
