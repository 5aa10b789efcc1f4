import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readinessResponse } from "@/lib/http/readiness-response";
import { route } from "@/lib/http/route";

// Readiness for load balancers: database and Redis. A wallet outage is reported, never decisive.
export const GET = route.public(() => readinessResponse());

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
