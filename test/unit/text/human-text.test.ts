import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hiddenCharacterProblem, onlyTextIssues } from '../../../schemas/text';
import { AddMemberBody, CreateApiKeyBody, CreateClubBody, UpdateClubBody } from '../../../schemas/clubs';
import { CreatePlayerBody, SuspensionBody, UpdateMeBody } from '../../../schemas/players';
import { CreateTournamentBody, UpdateTournamentBody } from '../../../schemas/tournaments';
import { CreateStructureBody, StructureBody } from '../../../schemas/clock';
import { CancelKnockoutBody, MysteryDrawBody } from '../../../schemas/results';
import { VerificationDecisionBody } from '../../../schemas/verification';
import { CatalogClubsQuery } from '../../../schemas/catalog';

const club = {
  name: 'Club',
  city: 'Kazan',
  address: 'Baumana 1',
  legalForm: 'ul',
  inn: '7736207543',
  ogrn: '1027700229193',
  attestation: { accepted: true },
};
const tournament = {
  name: 'Friday',
  startAt: '2026-12-04T18:00:00.000Z',
  lateRegEndsAt: '2026-12-04T20:00:00.000Z',
  buyIn: 1,
  startingStack: 1,
};
const level = { smallBlind: 1, bigBlind: 2, durationSec: 60 };

/** Every human-text field of the requests: the schema, a valid body, where the text goes, one line or many. */
const FIELDS: { name: string; schema: z.ZodType; body: (v: string) => unknown; path: string; multiline?: boolean }[] = [
  { name: 'club name', schema: CreateClubBody, body: (v) => ({ ...club, name: v }), path: 'name' },
  { name: 'club city', schema: CreateClubBody, body: (v) => ({ ...club, city: v }), path: 'city' },
  { name: 'club address', schema: CreateClubBody, body: (v) => ({ ...club, address: v }), path: 'address' },
  { name: 'club phone', schema: CreateClubBody, body: (v) => ({ ...club, contacts: { phone: v } }), path: 'contacts.phone' },
  { name: 'club name (edit)', schema: UpdateClubBody, body: (v) => ({ name: v }), path: 'name' },
  {
    name: 'member display name',
    schema: AddMemberBody,
    body: (v) => ({ userId: 'u1', role: 'dealer', displayName: v }),
    path: 'displayName',
  },
  { name: 'API key name', schema: CreateApiKeyBody, body: (v) => ({ name: v, role: 'dealer' }), path: 'name' },
  {
    name: 'player display name',
    schema: CreatePlayerBody,
    body: (v) => ({ displayName: v, dateOfBirth: '1990-01-01', consent: true }),
    path: 'displayName',
  },
  {
    name: 'player first name',
    schema: CreatePlayerBody,
    body: (v) => ({ displayName: 'A', firstName: v, dateOfBirth: '1990-01-01', consent: true }),
    path: 'firstName',
  },
  {
    name: 'player last name',
    schema: CreatePlayerBody,
    body: (v) => ({ displayName: 'A', lastName: v, dateOfBirth: '1990-01-01', consent: true }),
    path: 'lastName',
  },
  {
    name: 'player city',
    schema: CreatePlayerBody,
    body: (v) => ({ displayName: 'A', city: v, dateOfBirth: '1990-01-01', consent: true }),
    path: 'city',
  },
  {
    name: 'player phone',
    schema: CreatePlayerBody,
    body: (v) => ({ displayName: 'A', phone: v, dateOfBirth: '1990-01-01', consent: true }),
    path: 'phone',
  },
  { name: 'own display name (edit)', schema: UpdateMeBody, body: (v) => ({ displayName: v }), path: 'displayName' },
  { name: 'own last name (edit)', schema: UpdateMeBody, body: (v) => ({ lastName: v }), path: 'lastName' },
  { name: 'suspension reason', schema: SuspensionBody, body: (v) => ({ suspended: true, reason: v }), path: 'reason', multiline: true },
  { name: 'tournament name', schema: CreateTournamentBody, body: (v) => ({ ...tournament, name: v }), path: 'name' },
  {
    name: 'tournament description',
    schema: CreateTournamentBody,
    body: (v) => ({ ...tournament, description: v }),
    path: 'description',
    multiline: true,
  },
  {
    name: 'prize text',
    schema: CreateTournamentBody,
    body: (v) => ({ ...tournament, prizes: [{ place: 1, description: v }] }),
    path: 'prizes.0.description',
  },
  { name: 'tournament name (edit)', schema: UpdateTournamentBody, body: (v) => ({ name: v }), path: 'name' },
  { name: 'structure name', schema: StructureBody, body: (v) => ({ name: v, anteType: 'none', levels: [level] }), path: 'name' },
  {
    name: 'level label',
    schema: StructureBody,
    body: (v) => ({ name: 'S', anteType: 'none', levels: [{ ...level, label: v }] }),
    path: 'levels.0.label',
  },
  { name: 'structure copy name', schema: CreateStructureBody, body: (v) => ({ copyOf: 'standard-20', name: v }), path: 'name' },
  { name: 'knockout cancel reason', schema: CancelKnockoutBody, body: (v) => ({ reason: v }), path: 'reason', multiline: true },
  { name: 'mystery prize text', schema: MysteryDrawBody, body: (v) => ({ prizeText: v }), path: 'prizeText', multiline: true },
  {
    name: 'verification reason',
    schema: VerificationDecisionBody,
    body: (v) => ({ decision: 'verify', reason: v }),
    path: 'reason',
    multiline: true,
  },
  { name: 'catalogue city filter', schema: CatalogClubsQuery, body: (v) => ({ city: v }), path: 'city' },
];

const BAD = {
  NUL: 'Ann\u0000a',
  BEL: 'Ann\u0007a',
  ESC: 'Ann\u001b[31ma',
  DEL: 'Ann\u007fa',
  C1: 'Ann\u0085a',
  RLO: 'Ann\u202Ea',
  LRE: 'Ann\u202Aa',
  RLI: 'Ann\u2067a',
  PDI: 'Ann\u2069a',
  'lone high surrogate': 'Ann\uD800a',
  'lone low surrogate': 'Ann\uDC00a',
};
const at = (v: unknown, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], v);

describe('human text (names, descriptions, prize texts, reasons)', () => {
  for (const f of FIELDS) {
    it(`${f.name}: refuses hidden characters with an issue on the field, stores NFC`, () => {
      expect(f.schema.safeParse(f.body('Ann')).success, 'the base body is valid').toBe(true);
      for (const [what, bad] of Object.entries(BAD)) {
        const r = f.schema.safeParse(f.body(bad));
        expect(r.success, `${what} in ${f.name}`).toBe(false);
        if (r.success) continue;
        expect(onlyTextIssues(r.error), what).toBe(true);
        expect(r.error.issues.map((i) => i.path.join('.'))).toEqual([f.path]);
      }
      const nfd = 'Cafe\u0301';
      const ok = f.schema.safeParse(f.body(nfd));
      expect(ok.success).toBe(true);
      if (ok.success) expect(at(ok.data, f.path)).toBe('Caf\u00e9');
      // Newlines and tabs: free text only (CRLF kept as LF); never in names.
      const lines = f.schema.safeParse(f.body('Line one\r\nline\ttwo'));
      expect(lines.success, `newline in ${f.name}`).toBe(f.multiline === true);
      if (lines.success) expect(at(lines.data, f.path)).toBe('Line one\nline\ttwo');
    });
  }

  it('accepts what people write: letters of any script, emoji (paired surrogates), marks, punctuation', () => {
    for (const ok of ['Анна Карпова', "Zoë O'Brien-Smith", '李小龍', 'שלום', 'مرحبا', '🃏 Royal Flush ♠♥', 'ⅫЁё — «Кубок»', 'a\u200Db']) {
      expect(hiddenCharacterProblem(ok), ok).toBeUndefined();
    }
    expect(hiddenCharacterProblem('a\u2028b')).toBeDefined();
    expect(hiddenCharacterProblem('a\u2028b', true)).toBeUndefined();
  });

  it('a mix of a hidden character and a wrong type is a plain validation failure (400), not 422', () => {
    const r = CreateClubBody.safeParse({ ...club, name: 'a\u0000', inn: 7 });
    expect(r.success).toBe(false);
    if (!r.success) expect(onlyTextIssues(r.error)).toBe(false);
  });
});
