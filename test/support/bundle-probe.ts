/**
 * What test/infra/bundles.test.ts compares between the Lambda bundle and the sources: the requests
 * ElectroDB builds through the service (functions/store/service.ts) for a read, a write, an index query
 * and a transaction. In the bundle ElectroDB runs without its JSON schema validator
 * (functions/store/jsonschema-unchecked.ts); the requests must not change.
 */
import { store } from '../../functions/store/service';

export function electroDbParams(): Record<string, unknown> {
  const s = store();
  return {
    entities: Object.keys(s.entities).sort(),
    get: s.entities.club.get({ clubId: 'c1' }).params(),
    put: s.entities.member.put({ clubId: 'c1', userId: 'u1', role: 'manager', addedBy: 'u0', addedAt: '2026-01-01T00:00:00.000Z' }).params(),
    query: s.entities.tournament.query.byClub({ clubId: 'c1' }).gte({ startsAt: '2026-01-01' }).params(),
    transaction: s.transaction
      .write(({ club, member }) => [
        club.patch({ clubId: 'c1' }).set({ name: 'Club' }).where((a, op) => op.eq(a.updatedAt, '2026-01-01T00:00:00.000Z')).commit(),
        member.delete({ clubId: 'c1', userId: 'u1' }).commit(),
      ])
      .params(),
  };
}
