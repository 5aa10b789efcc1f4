import { z } from "zod";
import { bindAgreement } from "@/lib/agreements/agreements";
import { readJson, route } from "@/lib/http/route";
import { getServiceContext } from "@/lib/services/context";
import { requireCustomer } from "@/lib/sessions/require-customer";

const body = z.object({ authCode: z.string().min(1).max(64), agreementId: z.uuid().optional() });

export const POST = route(async (request) => {
  const ctx = getServiceContext();
  const customerId = await requireCustomer(ctx, request);
  return Response.json(await bindAgreement(ctx, customerId, await readJson(request, body)));
});
