import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readinessResponse } from "@/lib/http/readiness-response";
import { route } from "@/lib/http/route";

// The readiness report under its familiar name (`npm run dev` and people poll this one).
export const GET = route.public(() => readinessResponse());

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
