import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/** A user's role in a club. The by-user index answers "which clubs do I work for". */
export const memberEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'member', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        role: { type: ['owner', 'manager', 'dealer', 'cashier'] as const, required: true },
        displayName: { type: 'string' },
        addedBy: { type: 'string', required: true },
        addedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          collection: 'club',
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: ['userId'], template: 'member#${userId}', casing: 'none' },
        },
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['userId'], template: 'user#${userId}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['clubId'], template: 'member#${clubId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type MemberEntity = ReturnType<typeof memberEntity>;
export type MemberRow = EntityItem<MemberEntity>;

/** A staff member's role in a club (members and API keys). */
export type StaffRole = MemberRow['role'];
