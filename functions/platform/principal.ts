import type { Role } from '../../domain/core/context';
import type { Prefetched } from '../runtime/prefetch';

/** Who is calling, as established by a verified token or API key. */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; operator: boolean; claims: Record<string, unknown> }
  | {
      kind: 'apiKey';
      keyId: string;
      clubId: string;
      role: Role;
      /** The key's club as read with the key (null: no such club); absent when not read yet. */
      club?: { suspended: boolean } | null;
      /** Items the route asked for, read in the same round trip as the key. */
      prefetched?: Prefetched;
    };

/** The caller's standing in the club named by the path, once authorised. */
export interface ClubAccess {
  clubId: string;
  role: Role;
  /** The actor id written into audit records. */
  actorId: string;
}

export const actorIdOf = (p: Principal): string => (p.kind === 'user' ? p.userId : p.kind === 'apiKey' ? `apikey:${p.keyId}` : 'anonymous');
