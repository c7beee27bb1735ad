export { validateInn, validateOgrn, validateKpp } from './identifiers';
export { validateLegalDetails } from './legal-details';
export type { LegalDetails, LegalForm } from './legal-details';
export { normaliseOrgName } from './org-name';
