// Writes sdk/src/schema.ts from a running server's /openapi.json (openapi-typescript).
//   npm run sdk:types                      # http://localhost:3000
//   npm run sdk:types -- http://host:port
// test/tools/sdk.test.ts fails when the committed file differs from what the server documents.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const schemaPath = fileURLToPath(new URL('../sdk/src/schema.ts', import.meta.url));

export async function sdkTypesFrom(doc: object): Promise<string> {
  const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return `// Generated from the server's /openapi.json by \`npm run sdk:types\`; do not edit.\n${astToString(ast)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const base = (process.argv[2] ?? process.env.ATELIER_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const doc = (await (await fetch(`${base}/openapi.json`)).json()) as object;
  writeFileSync(schemaPath, await sdkTypesFrom(doc));
  console.log(`wrote ${schemaPath}`);
}
