// The API's types, generated from /openapi.json once for every client in the repository
// (scripts/generate-api-types.ts writes them next to the SDK that ships them; npm run generate:api).
export type { components, operations, paths } from '../../../sdk/src/generated/schema';
