/**
 * One page of a list as the application reads it: the store's own cursor, unsealed. Sealing it for
 * the wire (platform/cursor.ts) and the default page size are the route's.
 */
export interface PageRequest {
  limit: number;
  cursor: string | null;
}

export interface Page<T> {
  items: T[];
  cursor: string | null;
}
