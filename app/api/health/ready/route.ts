import { readinessResponse } from "@/lib/health/readiness-response";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

// Readiness for load balancers: database and Redis. A wallet outage is reported, never decisive.
export const GET = route.public(() => readinessResponse());

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
