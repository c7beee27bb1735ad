/**
 * DynamoDB expressions for record writes and queries, built with placeholder names and values so that
 * no attribute name or value ever lands in the expression text. Pure.
 */
import { ENTITY_FIELD, VERSION_FIELD, keyPart, type Item, type RecordIndex, type RecordType } from './record-type';

/** A condition on the stored item; every part must hold. */
export interface Condition {
  /** The item exists (its keys do). */
  itemExists?: boolean;
  /** The item does not exist. */
  itemAbsent?: boolean;
  exists?: readonly string[];
  absent?: readonly string[];
  equals?: Readonly<Record<string, unknown>>;
  /** Attributes that must not have these values (an absent attribute passes). */
  notEquals?: Readonly<Record<string, unknown>>;
}

export interface Expression {
  text: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** Collects placeholders across the parts of one request (a condition, an update, a filter). */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private n = 0;

  name(attribute: string): string {
    const existing = Object.entries(this.names).find(([, a]) => a === attribute)?.[0];
    if (existing) return existing;
    const p = `#n${this.n++}`;
    this.names[p] = attribute;
    return p;
  }

  value(v: unknown): string {
    const p = `:v${this.n++}`;
    this.values[p] = v;
    return p;
  }

  /** The names and values for a request, leaving out empty maps (DynamoDB refuses them). */
  attributes(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

export function conditionText(c: Condition | undefined, p: Placeholders): string | undefined {
  if (!c) return undefined;
  const parts: string[] = [];
  if (c.itemExists) parts.push(`attribute_exists(${p.name('pk')})`, `attribute_exists(${p.name('sk')})`);
  if (c.itemAbsent) parts.push(`attribute_not_exists(${p.name('pk')})`, `attribute_not_exists(${p.name('sk')})`);
  for (const a of c.exists ?? []) parts.push(`attribute_exists(${p.name(a)})`);
  for (const a of c.absent ?? []) parts.push(`attribute_not_exists(${p.name(a)})`);
  for (const [a, v] of Object.entries(c.equals ?? {})) parts.push(`${p.name(a)} = ${p.value(v)}`);
  for (const [a, v] of Object.entries(c.notEquals ?? {})) parts.push(`${p.name(a)} <> ${p.value(v)}`);
  return parts.length ? parts.join(' AND ') : undefined;
}

export interface Changes<R> {
  set?: Partial<R>;
  remove?: readonly (keyof R & string)[];
  /** Numbers added to (created at zero when absent). */
  add?: Partial<Record<keyof R & string, number>>;
}

/**
 * The update expression for changes to a record: the attributes, the record's key attributes and
 * identity (so that an update that creates the item leaves a whole record), and the index keys the
 * changes touch. An index whose composites change is rewritten from the changed values and the key;
 * a sparse index whose condition no longer holds loses its keys, so the item leaves that index.
 */
export function updateText<R extends object, K extends keyof R & string>(
  type: RecordType<R, K, string>,
  key: Pick<R, K>,
  changes: Changes<R>,
  p: Placeholders,
): string {
  const set = new Map<string, unknown>();
  const remove = new Set<string>(changes.remove ?? []);
  for (const [a, v] of Object.entries(changes.set ?? {})) {
    if (v === undefined) continue;
    if ((type.keyAttributes as readonly string[]).includes(a)) throw new Error(`${type.entity}: the key attribute ${a} cannot change`);
    set.set(a, v);
  }
  for (const [a, v] of Object.entries(keyPart(type, key))) set.set(a, v);
  set.set(ENTITY_FIELD, type.entity);
  set.set(VERSION_FIELD, type.version);

  const after = { ...key, ...(changes.set ?? {}) } as Partial<R>;
  for (const a of remove) delete (after as Item)[a];
  for (const index of Object.values<RecordIndex<R>>(type.indexes)) {
    const touched = index.composites.filter((a) => (changes.set && a in changes.set) || remove.has(a));
    if (touched.length === 0) continue;
    if (index.when && !index.when(after)) {
      remove.add(`${index.name}pk`);
      remove.add(`${index.name}sk`);
      continue;
    }
    const missing = index.composites.filter((a) => (after as Item)[a] === undefined);
    if (missing.length) throw new Error(`${type.entity}: changing ${touched.join(', ')} needs ${missing.join(', ')} for ${index.name}`);
    set.set(`${index.name}pk`, index.pk(after));
    set.set(`${index.name}sk`, index.sk(after));
  }

  const clauses: string[] = [];
  const sets = [...set].map(([a, v]) => `${p.name(a)} = ${p.value(v)}`);
  if (sets.length) clauses.push(`SET ${sets.join(', ')}`);
  const adds = Object.entries(changes.add ?? {}).map(([a, v]) => `${p.name(a)} ${p.value(v)}`);
  if (adds.length) clauses.push(`ADD ${adds.join(', ')}`);
  if (remove.size) clauses.push(`REMOVE ${[...remove].map((a) => p.name(a)).join(', ')}`);
  return clauses.join(' ');
}
