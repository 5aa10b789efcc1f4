import { getProfile } from "@/lib/customers/get-profile";
import { route } from "@/lib/http/route";
import { getServiceContext } from "@/lib/services/context";
import { requireCustomer } from "@/lib/sessions/require-customer";

export const GET = route(async (request) => {
  const ctx = getServiceContext();
  const customerId = await requireCustomer(ctx, request);
  return Response.json(await getProfile(ctx, customerId));
});
