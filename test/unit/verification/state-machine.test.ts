import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../../../domain/core/errors';
import {
  applyAutomaticDecision,
  decideByModerator,
  decideVerification,
  initialVerificationState,
  requestVerification,
  revokeVerification,
} from '../../../domain/verification';
import type { AutomaticOutcome, VerificationDecision, VerificationState, VerificationStatus } from '../../../domain/verification';
import { MODERATOR, NOW, OWNER, SBER_CLUB, ctx, foundAnswer, sberRecord } from './fixtures';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

const decision = (status: AutomaticOutcome): VerificationDecision => ({
  status,
  reasons: status === 'verified' ? [] : ['REGISTRY_UNAVAILABLE: captcha'],
  evidence: { source: 'egrul', checkedAt: new Date(NOW).toISOString(), fields: {} },
});

const pending = (): VerificationState => requestVerification(initialVerificationState(), ctx()).state;
const at = (status: VerificationStatus, attempt = 1): VerificationState => ({ status, attempt });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (e instanceof DomainError) return `${e.kind}:${e.code}`;
    throw e;
  }
}

describe('verification requests', () => {
  it('R-CLUB-3: a request moves an unverified club to pending and counts the attempt', () => {
    const r = requestVerification(initialVerificationState(), ctx(OWNER, NOW));
    expect(r.state).toEqual({ status: 'pending', attempt: 1, requestedAt: new Date(NOW).toISOString(), requestedBy: OWNER.id });
    expect(r.events).toEqual([{ type: 'verification.requested', attempt: 1, requestedBy: OWNER.id }]);
  });

  it.each(['rejected', 'needs_review', 'revoked'] as const)('R-CLUB-3: a %s club may ask again', (status) => {
    expect(requestVerification(at(status, 3), ctx()).state).toMatchObject({ status: 'pending', attempt: 4 });
  });

  it('R-CLUB-3: a second request while one is pending is a conflict (VERIFICATION_PENDING)', () => {
    expect(codeOf(() => requestVerification(pending(), ctx()))).toBe('conflict:VERIFICATION_PENDING');
  });

  it('R-CLUB-3: a verified club cannot ask again', () => {
    expect(codeOf(() => requestVerification(at('verified'), ctx()))).toBe('conflict:VERIFICATION_ALREADY_VERIFIED');
  });
});

describe('automatic decisions', () => {
  it('R-CLUB-3: the registry match decides a pending request and keeps the evidence', () => {
    const d = decideVerification(SBER_CLUB, foundAnswer(sberRecord()), NOW);
    const r = applyAutomaticDecision(pending(), { attempt: 1, decision: d }, ctx(OWNER, NOW + 1000));
    expect(r.state.status).toBe('verified');
    expect(r.state.lastDecision).toEqual({
      attempt: 1,
      status: 'verified',
      decidedBy: { type: 'automatic' },
      reasons: [],
      evidence: d.evidence,
      decidedAt: new Date(NOW + 1000).toISOString(),
    });
    expect(r.events).toEqual([
      { type: 'verification.decided', attempt: 1, status: 'verified', decidedBy: { type: 'automatic' }, reasons: [] },
    ]);
  });

  it.each(['rejected', 'needs_review'] as const)('R-CLUB-3: pending -> %s', (status) => {
    expect(applyAutomaticDecision(pending(), { attempt: 1, decision: decision(status) }, ctx()).state.status).toBe(status);
  });

  it('R-CLUB-3: a late or repeated check never decides a newer request or a decided one', () => {
    const first = pending();
    const decided = applyAutomaticDecision(first, { attempt: 1, decision: decision('needs_review') }, ctx()).state;
    expect(codeOf(() => applyAutomaticDecision(decided, { attempt: 1, decision: decision('verified') }, ctx()))).toBe(
      'conflict:VERIFICATION_NOT_PENDING',
    );
    const again = requestVerification(decided, ctx()).state;
    expect(codeOf(() => applyAutomaticDecision(again, { attempt: 1, decision: decision('verified') }, ctx()))).toBe(
      'conflict:VERIFICATION_NOT_PENDING',
    );
    expect(applyAutomaticDecision(again, { attempt: 2, decision: decision('verified') }, ctx()).state.status).toBe('verified');
  });
});

describe('moderator decisions', () => {
  it.each(['pending', 'needs_review', 'rejected'] as const)('R-CLUB-3: a moderator verifies a %s club, recording who and why', (from) => {
    const r = decideByModerator(
      at(from, 2),
      { status: 'verified', reason: 'Checked the extract by hand: registry search was down' },
      ctx(MODERATOR, NOW),
    );
    expect(r.state.status).toBe('verified');
    expect(r.state.lastDecision).toEqual({
      attempt: 2,
      status: 'verified',
      decidedBy: { type: 'moderator', actorId: MODERATOR.id },
      reasons: ['Checked the extract by hand: registry search was down'],
      decidedAt: new Date(NOW).toISOString(),
    });
  });

  it('R-CLUB-4: the operator refuses verification with a reason', () => {
    const r = decideByModerator(
      at('needs_review'),
      { status: 'rejected', reason: '  Name belongs to another organisation  ' },
      ctx(MODERATOR),
    );
    expect(r.state.status).toBe('rejected');
    expect(r.events).toEqual([
      {
        type: 'verification.decided',
        attempt: 1,
        status: 'rejected',
        decidedBy: { type: 'moderator', actorId: MODERATOR.id },
        reasons: ['Name belongs to another organisation'],
      },
    ]);
  });

  it('R-CLUB-4: a refusal or a verification without a reason is refused', () => {
    expect(codeOf(() => decideByModerator(at('needs_review'), { status: 'rejected', reason: '   ' }, ctx(MODERATOR)))).toBe(
      'rule:VERIFICATION_REASON_REQUIRED',
    );
    expect(codeOf(() => decideByModerator(at('needs_review'), { status: 'verified', reason: '' }, ctx(MODERATOR)))).toBe(
      'rule:VERIFICATION_REASON_REQUIRED',
    );
  });

  it.each(['unverified', 'verified', 'revoked'] as const)('R-CLUB-4: a moderator cannot decide on a %s club', (from) => {
    expect(codeOf(() => decideByModerator(at(from), { status: 'verified', reason: 'ok' }, ctx(MODERATOR)))).toBe(
      'conflict:VERIFICATION_NOT_DECIDABLE',
    );
  });

  it('R-CLUB-3: a moderator decision on a pending request makes the running check a no-op', () => {
    const decided = decideByModerator(pending(), { status: 'rejected', reason: 'Club asked to withdraw' }, ctx(MODERATOR)).state;
    expect(codeOf(() => applyAutomaticDecision(decided, { attempt: 1, decision: decision('verified') }, ctx()))).toBe(
      'conflict:VERIFICATION_NOT_PENDING',
    );
  });
});

describe('revocation', () => {
  it('R-CLUB-4: the operator revokes a verified status with who and why', () => {
    const r = revokeVerification(at('verified', 2), { reason: 'Money prizes advertised' }, ctx(MODERATOR, NOW));
    expect(r.state.status).toBe('revoked');
    expect(r.state.lastDecision).toEqual({
      attempt: 2,
      status: 'revoked',
      decidedBy: { type: 'moderator', actorId: MODERATOR.id },
      reasons: ['Money prizes advertised'],
      decidedAt: new Date(NOW).toISOString(),
    });
    expect(r.events).toEqual([{ type: 'verification.revoked', attempt: 2, revokedBy: MODERATOR.id, reason: 'Money prizes advertised' }]);
  });

  it('R-CLUB-4: only a verified status can be revoked, and only with a reason', () => {
    for (const s of ['unverified', 'pending', 'rejected', 'needs_review', 'revoked'] as const) {
      expect(codeOf(() => revokeVerification(at(s), { reason: 'x' }, ctx(MODERATOR)))).toBe('conflict:VERIFICATION_NOT_VERIFIED');
    }
    expect(codeOf(() => revokeVerification(at('verified'), { reason: '' }, ctx(MODERATOR)))).toBe('rule:VERIFICATION_REASON_REQUIRED');
  });

  it('R-CLUB-4: a revoked club can ask again', () => {
    expect(requestVerification(at('revoked'), ctx()).state.status).toBe('pending');
  });
});

describe('the lifecycle as a whole', () => {
  type Cmd =
    | { t: 'request' }
    | { t: 'auto'; status: AutomaticOutcome; stale: boolean }
    | { t: 'moderate'; status: 'verified' | 'rejected' }
    | { t: 'revoke' };

  const arbCmd: fc.Arbitrary<Cmd> = fc.oneof(
    fc.constant<Cmd>({ t: 'request' }),
    fc.record({
      t: fc.constant('auto' as const),
      status: fc.constantFrom<AutomaticOutcome>('verified', 'rejected', 'needs_review'),
      stale: fc.boolean(),
    }),
    fc.record({ t: fc.constant('moderate' as const), status: fc.constantFrom<'verified' | 'rejected'>('verified', 'rejected') }),
    fc.constant<Cmd>({ t: 'revoke' }),
  );

  /** The transition table of R-CLUB-3 / R-CLUB-4, written out independently of the code. */
  function expected(status: VerificationStatus, cmd: Cmd): VerificationStatus | 'refused' {
    switch (cmd.t) {
      case 'request':
        return ['unverified', 'rejected', 'needs_review', 'revoked'].includes(status) ? 'pending' : 'refused';
      case 'auto':
        return status === 'pending' && !cmd.stale ? cmd.status : 'refused';
      case 'moderate':
        return ['pending', 'needs_review', 'rejected'].includes(status) ? cmd.status : 'refused';
      case 'revoke':
        return status === 'verified' ? 'revoked' : 'refused';
    }
  }

  it(
    'R-CLUB-3, R-CLUB-4: every command follows the transition table, never mutates, and refusals keep the state (property)',
    PROPERTY_TEST,
    () => {
      fc.assert(
        fc.property(fc.array(arbCmd, { maxLength: 25 }), (cmds) => {
          let state = initialVerificationState();
          for (const cmd of cmds) {
            const before = structuredClone(state);
            const want = expected(state.status, cmd);
            let next: VerificationState | undefined;
            try {
              if (cmd.t === 'request') next = requestVerification(state, ctx(OWNER)).state;
              else if (cmd.t === 'auto')
                next = applyAutomaticDecision(
                  state,
                  { attempt: state.attempt - (cmd.stale ? 1 : 0), decision: decision(cmd.status) },
                  ctx(),
                ).state;
              else if (cmd.t === 'moderate')
                next = decideByModerator(state, { status: cmd.status, reason: 'checked' }, ctx(MODERATOR)).state;
              else next = revokeVerification(state, { reason: 'breach' }, ctx(MODERATOR)).state;
            } catch (e) {
              expect(e).toBeInstanceOf(DomainError);
              expect((e as DomainError).kind).toBe('conflict');
            }
            expect(state).toEqual(before);
            if (want === 'refused') {
              expect(next).toBeUndefined();
            } else {
              expect(next?.status).toBe(want);
              if (cmd.t !== 'request') expect(next?.lastDecision?.decidedBy.type).toBe(cmd.t === 'auto' ? 'automatic' : 'moderator');
              state = next as VerificationState;
            }
          }
        }),
        { numRuns: DEFAULT_RUNS },
      );
    },
  );
});
