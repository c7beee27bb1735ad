/**
 * A refusal by a rule. `code` is stable (UPPER_SNAKE) and is what clients branch on;
 * `kind` tells the HTTP edge whether the request conflicts with the current state (409)
 * or a rule refuses it whatever the state (422).
 */
export type DomainErrorKind = 'conflict' | 'rule' | 'not_found';

export interface FieldIssue {
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: string;
  readonly kind: DomainErrorKind;
  readonly errors: FieldIssue[] | undefined;
  /** Members the problem answer carries besides the standard ones (RFC 9457 extensions), e.g. the tables named. */
  readonly extensions: Record<string, unknown> | undefined;

  constructor(code: string, message: string, kind: DomainErrorKind = 'rule', errors?: FieldIssue[], extensions?: Record<string, unknown>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.kind = kind;
    this.errors = errors;
    this.extensions = extensions;
  }
}

export const ruleError = (code: string, message: string, errors?: FieldIssue[]): DomainError =>
  new DomainError(code, message, 'rule', errors);

export const conflict = (code: string, message: string): DomainError => new DomainError(code, message, 'conflict');

/** A conflict whose answer names what conflicts in extension members (`{ tables: [3, 5] }`). */
export const conflictWith = (code: string, message: string, extensions: Record<string, unknown>): DomainError =>
  new DomainError(code, message, 'conflict', undefined, extensions);

export const notFound = (code: string, message: string): DomainError => new DomainError(code, message, 'not_found');

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
