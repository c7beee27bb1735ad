/*
 * What the unit tests of the rules use to prove an operation leaves its input alone: the functions' own
 * deep freeze (it knows record maps, which cannot be changed in place at all and whose records it freezes),
 * and a plain copy to compare with afterwards (a record map reads as a plain object but cannot be cloned).
 */
export { deepFreeze } from '../../functions/app/frozen-state';

/** A plain, deep copy of JSON-like state, record maps read as the objects they look like. */
export const plainCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
