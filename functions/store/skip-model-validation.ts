/**
 * Injected ahead of everything else into every Lambda bundle (infra/bundling.ts `BUNDLE_INJECT`).
 * ElectroDB checks each entity's model against its JSON schemas when the entity is constructed: about
 * 100 ms of CPU at every cold start for the entities of this service. The models are the same code
 * that the tests and the local server construct with the check on, so the bundles skip it.
 * test/infra/bundles.test.ts fails if ElectroDB stops having the method replaced here.
 */
import { Entity } from 'electrodb';

export const ENTITY_PROTOTYPE = Entity.prototype as unknown as { _validateModel: (model: unknown) => unknown };

ENTITY_PROTOTYPE._validateModel = () => undefined;
