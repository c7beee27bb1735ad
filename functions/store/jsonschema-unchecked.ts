/**
 * Stands in for `jsonschema` in the Lambda bundles (infra/bundling.ts `BUNDLE_ALIAS`). ElectroDB uses it
 * only to check a model against its JSON schemas: when an entity is constructed (skipped in the bundles,
 * see skip-model-validation.ts) and when a Service sorts what it is given into models and entities. The
 * service is only ever given entities (functions/store/service.ts), which no model schema accepts, so
 * here every check reports one error: nothing is a model. 40 KB and that work at a cold start are saved;
 * the tests and the local server check the models with the real validator.
 */
interface ValidationError {
  property: string;
  message: string;
  argument?: string;
}

export class Validator {
  declare customFormats: Record<string, (input: unknown) => boolean>;

  addSchema(): void {}

  validate(): { errors: ValidationError[] } {
    return { errors: [{ property: 'instance', message: 'is not checked in the Lambda bundle' }] };
  }
}

// ElectroDB registers its formats on the prototype when it loads.
Validator.prototype.customFormats = {};
