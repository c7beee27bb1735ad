/**
 * The ElectroDB models that wrote this table's items before the functions read and wrote them as records
 * (functions/store/records). Kept as the record of that layout: test/unit/store/record-layout.test.ts
 * holds the records to it, so items already stored stay readable and listed.
 */
export * from './club';
export * from './member';
export * from './api-key';
export * from './blind-structure';
export * from './moderation';
export * from './player';
export * from './notification';
export * from './schedule';
export * from './tournament';
export * from './verification';
export * from './registry-cache';
