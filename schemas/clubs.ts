import * as z from './zod';
import {
  MAX_ADDRESS_LENGTH,
  MAX_API_KEY_NAME_LENGTH,
  MAX_CITY_LENGTH,
  MAX_CLUB_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_MEMBER_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_WEBSITE_LENGTH,
} from './limits';
import { humanText } from './text';
import { Id, Timestamp } from './common';

const Contacts = z
  .strictObject({
    phone: humanText({ max: MAX_PHONE_LENGTH, trim: false }).optional(),
    email: z.email().max(MAX_EMAIL_LENGTH).optional(),
    website: z.url().max(MAX_WEBSITE_LENGTH).optional(),
  })
  .openapi('ClubContacts');

const LegalFields = {
  legalForm: z.enum(['ul', 'ip']).openapi({ description: '`ul`: legal entity (EGRUL); `ip`: individual entrepreneur (EGRIP)' }),
  inn: z
    .string()
    .regex(/^\d{10}$|^\d{12}$/, 'INN is 10 digits (ul) or 12 digits (ip)')
    .openapi({ example: '7707083893' }),
  ogrn: z
    .string()
    .regex(/^\d{13}$|^\d{15}$/, 'OGRN is 13 digits, OGRNIP 15 digits')
    .openapi({ example: '1027700132195' }),
  kpp: z
    .string()
    .regex(/^\d{4}[\dA-Z]{2}\d{3}$/, 'KPP is 9 characters')
    .optional()
    .openapi({ example: '773601001' }),
};

export const CreateClubBody = z
  .strictObject({
    name: humanText({ min: 1, max: MAX_CLUB_NAME_LENGTH }),
    city: humanText({ min: 1, max: MAX_CITY_LENGTH }),
    address: humanText({ min: 1, max: MAX_ADDRESS_LENGTH }),
    ...LegalFields,
    contacts: Contacts.optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('RUB')
      .openapi({ description: 'ISO 4217 code of the fees the club collects' }),
    attestation: z
      .strictObject({ accepted: z.literal(true) })
      .openapi({ description: 'R-CLUB-2: the club attests that it acts lawfully and runs sport poker without money' }),
  })
  .openapi('CreateClub');

export const UpdateClubBody = z
  .strictObject({
    name: humanText({ min: 1, max: MAX_CLUB_NAME_LENGTH }).optional(),
    city: humanText({ min: 1, max: MAX_CITY_LENGTH }).optional(),
    address: humanText({ min: 1, max: MAX_ADDRESS_LENGTH }).optional(),
    ...(Object.fromEntries(Object.entries(LegalFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof LegalFields]: z.ZodOptional<(typeof LegalFields)[K]>;
    }),
    contacts: Contacts.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' })
  .openapi('UpdateClub');

export const Club = z
  .object({
    clubId: Id,
    name: z.string(),
    city: z.string(),
    address: z.string(),
    legalForm: z.enum(['ul', 'ip']),
    inn: z.string(),
    ogrn: z.string(),
    kpp: z.string().optional(),
    contacts: Contacts.optional(),
    currency: z.string(),
    attestation: z.object({ statement: z.string(), attestedBy: z.string(), attestedAt: Timestamp }),
    verificationStatus: z.string(),
    suspended: z.boolean(),
    suspendedReason: z.string().optional(),
    createdBy: z.string().openapi({ description: 'the user who created the club (its first owner)' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Club');

export const ClubRole = z.enum(['owner', 'manager', 'dealer', 'cashier']).openapi('ClubRole');

export const AddMemberBody = z
  .strictObject({ userId: Id, role: ClubRole, displayName: humanText({ min: 1, max: MAX_MEMBER_NAME_LENGTH }).optional() })
  .openapi('AddMember');

export const Member = z
  .object({ clubId: Id, userId: Id, role: ClubRole, displayName: z.string().optional(), addedBy: z.string(), addedAt: Timestamp })
  .openapi('Member');

export const MemberParams = z.strictObject({ clubId: Id, userId: Id });

export const CreateApiKeyBody = z
  .strictObject({ name: humanText({ min: 1, max: MAX_API_KEY_NAME_LENGTH }), role: ClubRole.exclude(['owner']) })
  .openapi('CreateApiKey');

export const ApiKey = z
  .object({
    keyId: Id,
    clubId: Id,
    name: z.string(),
    role: ClubRole,
    createdBy: z.string(),
    createdAt: Timestamp,
    revokedAt: Timestamp.optional(),
  })
  .openapi('ApiKey');

export const CreatedApiKey = ApiKey.extend({
  key: z.string().openapi({ description: 'The secret key, shown only in this answer. Send it as X-Api-Key.' }),
}).openapi('CreatedApiKey');

export const ApiKeyParams = z.strictObject({ clubId: Id, keyId: Id });
