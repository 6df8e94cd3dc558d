import { defineOperation } from './define.js';

export const openapiRetrieve = defineOperation({
  number: 18,
  id: 'openapi.retrieve',
  method: 'GET',
  path: '/openapi.json',
  scope: null,
  idempotency: 'none',
  summary: 'Download the OpenAPI 3.0 description',
  description: 'Returns an OpenAPI 3.0 description of the endpoints that the calling key may execute.',
});
