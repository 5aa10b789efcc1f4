import { cachedJson } from "@/lib/http/cached-json";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { getOpenApiDocument } from "@/lib/http/openapi-document";
import { route } from "@/lib/http/route";
import { getEnv } from "@/lib/platform/env";

// The API's OpenAPI 3.1 document, built from the routes' own schemas once per process. It changes
// only with a deployment, so caches may keep it a few minutes and revalidate with its ETag.
export const GET = route.public(async ({ request }) =>
  cachedJson(request, getOpenApiDocument({ serverUrl: getEnv().publicBaseUrl }), { maxAgeSeconds: 300 }),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
