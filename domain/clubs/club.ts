import type { Context } from '../core/context';
import { validateLegalDetails } from '../legal';
import { assertNoMoneyWording } from '../text/money-wording';

/** R-CLUB-2: what a club attests when it registers or asks for verification. */
export const ATTESTATION_STATEMENT =
  'The club acts lawfully and runs sport poker without money: chips are points, prizes are never money, fees are organisational.';

export type LegalForm = 'ul' | 'ip';
export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected' | 'needs_review' | 'revoked';

export interface ClubContacts {
  phone?: string;
  email?: string;
  website?: string;
}

export interface Club {
  clubId: string;
  name: string;
  city: string;
  address: string;
  legalForm: LegalForm;
  inn: string;
  ogrn: string;
  kpp?: string;
  contacts?: ClubContacts;
  currency: string;
  attestation: { statement: string; attestedBy: string; attestedAt: string };
  verificationStatus: VerificationStatus;
  suspended: boolean;
  suspendedReason?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewClub {
  name: string;
  city: string;
  address: string;
  legalForm: LegalForm;
  inn: string;
  ogrn: string;
  kpp?: string;
  contacts?: ClubContacts;
  currency: string;
}

/** A new club: legal details checked (checksums, pairing), the attestation recorded with who and when. */
export function createClub(input: NewClub, ctx: Context): Club {
  validateLegalDetails({ legalForm: input.legalForm, inn: input.inn, ogrn: input.ogrn, kpp: input.kpp });
  assertNoMoneyInClubTexts(input);
  const at = new Date(ctx.now).toISOString();
  return {
    ...input,
    clubId: ctx.newId('club'),
    attestation: { statement: ATTESTATION_STATEMENT, attestedBy: ctx.actor.id, attestedAt: at },
    verificationStatus: 'unverified',
    suspended: false,
    createdBy: ctx.actor.id,
    createdAt: at,
    updatedAt: at,
  };
}

export type ClubPatch = Partial<Omit<NewClub, 'currency'>>;

/**
 * R-MONEY-2: the club's public texts do not offer money. Only clear money is refused here (422 with the
 * field and the fragment); what the checker would hold for review is left to the person who verifies the
 * club (R-CLUB-4), since names of places and people are where ambiguous words live.
 */
function assertNoMoneyInClubTexts(texts: Partial<Pick<NewClub, 'name' | 'city' | 'address'>>): void {
  for (const field of ['name', 'city', 'address'] as const) {
    const text = texts[field];
    if (text !== undefined) assertNoMoneyWording(field, text, 'club');
  }
}

const LEGAL_KEYS = ['legalForm', 'inn', 'ogrn', 'kpp'] as const;

/**
 * Edits the profile. Changed legal details are checked as a whole, and a club whose legal
 * identity changes loses its verified status: "verified" was about the old numbers (R-CLUB-3).
 */
export function editClub(club: Club, patch: ClubPatch, ctx: Context): Club {
  assertNoMoneyInClubTexts(patch);
  const next: Club = { ...club, ...patch, updatedAt: new Date(ctx.now).toISOString() };
  const legalChanged = LEGAL_KEYS.some((k) => patch[k] !== undefined && patch[k] !== club[k]);
  if (legalChanged) {
    if (next.legalForm === 'ip') delete next.kpp;
    validateLegalDetails({ legalForm: next.legalForm, inn: next.inn, ogrn: next.ogrn, kpp: next.kpp });
    if (club.verificationStatus !== 'unverified') next.verificationStatus = 'unverified';
  }
  return next;
}
