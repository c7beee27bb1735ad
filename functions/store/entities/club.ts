// The club partition `club#<clubId>` holds the profile, members, API keys (the `club` collection), blind
// structures and verification. Every club-owned partition key starts with `club#<clubId>`: no query reaches another club without naming it.
import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { catalogPartition } from './catalog-partition';

export const clubEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'club', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        city: { type: 'string', required: true },
        address: { type: 'string', required: true },
        legalForm: { type: ['ul', 'ip'] as const, required: true },
        inn: { type: 'string', required: true },
        ogrn: { type: 'string', required: true },
        kpp: { type: 'string' },
        contacts: { type: 'any' },
        currency: { type: 'string', required: true, default: 'RUB' },
        /** R-CLUB-2: the attestation with who and when. */
        attestation: { type: 'any', required: true },
        verificationStatus: { type: 'string', required: true, default: 'unverified' },
        suspended: { type: 'boolean', required: true, default: false },
        suspendedReason: { type: 'string' },
        /**
         * `<city>#<name>#<clubId>` normalised (see club-catalog.ts) while the club is listed in the public
         * catalogue (R-CLUB-1); absent while suspended, so the sparse index drops it (R-MOD-1, R-CLUB-4).
         */
        catalogKey: { type: 'string' },
        /** The catalogue index's constant partition key, written with every listing (see catalogPartition). */
        catalogPartition: catalogPartition('catalog#clubs'),
        /**
         * The club's logo while it has one (the bytes are in the logo store): its version tag, so that the club
         * item every screen already reads for the club's name tells it whether and which logo to show.
         */
        logo: { type: 'map', properties: { etag: { type: 'string', required: true }, contentType: { type: 'string', required: true } } },
        createdBy: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          collection: 'club',
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'profile', casing: 'none' },
        },
        catalog: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: [], template: 'catalog#clubs', casing: 'none' },
          sk: { field: 'gsi2sk', composite: ['catalogKey'], template: '${catalogKey}', casing: 'none' },
          condition: (attr: Record<string, unknown>) => typeof attr.catalogKey === 'string' && attr.catalogKey.length > 0,
        },
      },
    },
    config,
  );

export type ClubEntity = ReturnType<typeof clubEntity>;
export type ClubRow = EntityItem<ClubEntity>;
