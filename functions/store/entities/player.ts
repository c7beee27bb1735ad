import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/** A player's own profile; it belongs to the person, not to a club. */
export const playerEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'player', version: '1', service: 'sportpoker' },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        displayName: { type: 'string', required: true },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        /** Erased when the player deletes the account (R-PD-1); `adult` keeps the fact of the age check. */
        dateOfBirth: { type: 'string' },
        /** R-AGE-1 was checked at sign-up; what remains of the date of birth after deletion. */
        adult: { type: 'boolean' },
        city: { type: 'string' },
        phone: { type: 'string' },
        email: { type: 'string' },
        consentAt: { type: 'string', required: true },
        /** R-PD-1: consent withdrawn and personal fields erased; the id stays for the records the law keeps. */
        consentWithdrawnAt: { type: 'string' },
        deletedAt: { type: 'string' },
        suspended: { type: 'boolean', required: true, default: false },
        suspendedReason: { type: 'string' },
        /** R-MOD-1: set while the operator hides the display name from public views. */
        displayNameHiddenReason: { type: 'string' },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['userId'], template: 'player#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'profile', casing: 'none' },
        },
      },
    },
    config,
  );

export type PlayerEntity = ReturnType<typeof playerEntity>;
export type PlayerRow = EntityItem<PlayerEntity>;
