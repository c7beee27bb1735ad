import { ruleError } from '../core/errors';
import type { FieldIssue } from '../core/errors';
import { validateInn, validateKpp, validateOgrn } from './identifiers';

/** `ul`: legal entity (EGRUL); `ip`: individual entrepreneur (EGRIP). */
export type LegalForm = 'ul' | 'ip';

export interface LegalDetails {
  legalForm: LegalForm;
  inn: string;
  ogrn: string;
  /** Legal entities only, optional; null or '' count as absent. */
  kpp?: string | null;
}

const SHAPE: Record<LegalForm, { inn: number; ogrn: number; innText: string; ogrnText: string }> = {
  ul: { inn: 10, ogrn: 13, innText: 'a legal entity has a 10-digit INN', ogrnText: 'a legal entity has a 13-digit OGRN' },
  ip: {
    inn: 12,
    ogrn: 15,
    innText: 'an individual entrepreneur has a 12-digit INN',
    ogrnText: 'an individual entrepreneur has a 15-digit OGRNIP',
  },
};

/**
 * Checks a club's legal details as a whole: each identifier on its own, then that the INN and
 * the OGRN are of the kind the legal form requires (which also pairs them with each other).
 * One issue per bad field, so a form can show every problem at once.
 */
export function validateLegalDetails(details: LegalDetails): void {
  const errors: FieldIssue[] = [];
  const shape = details.legalForm === 'ul' || details.legalForm === 'ip' ? SHAPE[details.legalForm] : undefined;
  if (!shape) errors.push({ field: 'legalForm', message: "legal form must be 'ul' or 'ip'" });

  const innProblem = validateInn(details.inn) ?? (shape && details.inn.length !== shape.inn ? shape.innText : null);
  if (innProblem) errors.push({ field: 'inn', message: innProblem });

  const ogrnProblem = validateOgrn(details.ogrn) ?? (shape && details.ogrn.length !== shape.ogrn ? shape.ogrnText : null);
  if (ogrnProblem) errors.push({ field: 'ogrn', message: ogrnProblem });

  const kpp = details.kpp ?? '';
  if (kpp !== '') {
    const kppProblem = details.legalForm === 'ip' ? 'an individual entrepreneur has no KPP' : validateKpp(kpp);
    if (kppProblem) errors.push({ field: 'kpp', message: kppProblem });
  }

  if (errors.length > 0) {
    throw ruleError('LEGAL_DETAILS_INVALID', `Legal details are invalid: ${errors.map((e) => e.field).join(', ')}`, errors);
  }
}
