// Reads an OpenAPI document (JSON) on stdin and prints its TypeScript types (openapi-typescript).
// Lives in its own workspace because openapi-typescript builds its output with the TypeScript 5
// compiler API, which the project's TypeScript 7 no longer has. Run by `npm run api:client` and by
// the test that keeps the committed types in step with the served document.
import openapiTS, { astToString } from "openapi-typescript";

const HEADER = `// Generated from the API's OpenAPI document (GET /api/openapi.json) by \`npm run api:client\`
// with openapi-typescript. Do not edit: change the contracts in lib/http/contract and regenerate.

`;

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const document = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const nodes = await openapiTS(document, { silent: true });
process.stdout.write(HEADER + astToString(nodes));
