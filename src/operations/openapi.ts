import { defineOperation } from './define.js';

export const openapiRetrieve = defineOperation({
  number: 18,
  id: 'openapi.retrieve',
  method: 'GET',
  path: '/openapi.json',
  scope: null,
  idempotency: 'none',
});
