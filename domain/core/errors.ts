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

  constructor(code: string, message: string, kind: DomainErrorKind = 'rule', errors?: FieldIssue[]) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.kind = kind;
    this.errors = errors;
  }
}

export const ruleError = (code: string, message: string, errors?: FieldIssue[]): DomainError =>
  new DomainError(code, message, 'rule', errors);

export const conflict = (code: string, message: string): DomainError => new DomainError(code, message, 'conflict');

export const notFound = (code: string, message: string): DomainError => new DomainError(code, message, 'not_found');

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
