import { getProfile } from "@/lib/customers/get-profile";
import * as contract from "@/lib/http/contract/mini/session";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const GET = route.customer(async ({ ctx, customerId }) =>
  Response.json((await getProfile(ctx, customerId)) satisfies contract.ProfileJson),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
