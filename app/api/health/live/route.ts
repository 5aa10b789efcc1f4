import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

// Liveness: the process answers. Nothing else is asked, so a database outage never restarts it.
export const GET = route.public(async () =>
  Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
