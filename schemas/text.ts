import * as z from './zod';

/**
 * Text that people type and other people read (names, descriptions, prize texts, reasons). Refused:
 * control characters (names and other one-line fields: all of them; longer free text: all but newline
 * and tab), the bidirectional embeddings, overrides and isolates U+202A-202E and U+2066-2069 (they
 * reorder what a reader sees), line and paragraph separators in one-line fields, and unpaired surrogates
 * (not Unicode at all). Accepted text is stored in NFC, so that equal-looking names compare equal.
 */

/** The problem code of a body whose only faults are such characters (422, with the fields). */
export const TEXT_ISSUE_CODE = 'INVALID_CHARACTERS';

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- as above; tab (U+0009) and newline (U+000A) are allowed
const CONTROLS_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What is wrong with the characters of `value`, or undefined. */
export function hiddenCharacterProblem(value: string, multiline = false): string | undefined {
  if (LONE_SURROGATE.test(value)) return 'contains an unpaired surrogate (not valid Unicode)';
  if (BIDI_CONTROLS.test(value)) return 'contains bidirectional control characters (U+202A-202E, U+2066-2069)';
  if ((multiline ? CONTROLS_MULTILINE : CONTROLS_ONE_LINE).test(value)) {
    return multiline ? 'contains control characters (only newline and tab are allowed)' : 'contains control or line-break characters';
  }
  return undefined;
}

/** The refinement every human-text field carries; its issues are told apart by `params.code`. */
export function refineHumanText(multiline: boolean) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = hiddenCharacterProblem(value, multiline);
    if (message) ctx.addIssue({ code: 'custom', message, params: { code: TEXT_ISSUE_CODE } });
  };
}

export interface HumanTextOptions {
  min?: number;
  max?: number;
  /** Longer free text: newlines (CRLF is stored as LF) and tabs are allowed. */
  multiline?: boolean;
  /** Strip surrounding white space (default true). */
  trim?: boolean;
}

/** A human-text string: NFC, optionally trimmed, length-bounded, without hidden characters. */
export function humanText(opts: HumanTextOptions = {}) {
  let s = z.string();
  if (opts.multiline) s = s.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  s = s.normalize('NFC');
  if (opts.trim !== false) s = s.trim();
  if (opts.min !== undefined) s = s.min(opts.min);
  if (opts.max !== undefined) s = s.max(opts.max);
  return s.superRefine(refineHumanText(opts.multiline === true));
}

/** True when every issue of a failed parse is a hidden-character one (then the answer is 422, not 400). */
export function onlyTextIssues(error: z.ZodError): boolean {
  return (
    error.issues.length > 0 &&
    error.issues.every((i) => i.code === 'custom' && (i as { params?: { code?: string } }).params?.code === TEXT_ISSUE_CODE)
  );
}
