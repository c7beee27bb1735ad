import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * That a live topic may have subscribers (`live#m#<topic>` / `m`), written before the topic's subscription
 * items, with a TTL no earlier than theirs: the fan-out reads the marks of every topic an event concerns
 * (a draw: each seated player's) in BatchGetItems of a hundred and queries only the topics marked. A
 * connection that goes does not remove the mark (others may hold the topic): the mark expires by itself.
 */
export const liveTopicEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'liveTopic', version: '1', service: 'sportpoker' },
      attributes: {
        topic: { type: 'string', required: true, readOnly: true },
        kind: { type: ['liveTopic'] as const, required: true, default: 'liveTopic', readOnly: true },
        /** Epoch seconds: the table's TTL attribute. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['topic'], template: 'live#m#${topic}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'm', casing: 'none' },
        },
      },
    },
    config,
  );

export type LiveTopicEntity = ReturnType<typeof liveTopicEntity>;
export type LiveTopicRow = EntityItem<LiveTopicEntity>;
