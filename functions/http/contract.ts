import { ALL_ROUTES } from './api';
import { buildOpenApi } from './openapi';

/** The whole API's OpenAPI 3.1 document, built from the route table (also exported at build time). */
export function openApiDocument(): ReturnType<typeof buildOpenApi> {
  return buildOpenApi(ALL_ROUTES);
}
