import { z } from "zod";
import { prepareAgreement } from "@/lib/agreements/agreements";
import { readJson, route } from "@/lib/http/route";
import { getServiceContext } from "@/lib/services/context";
import { requireCustomer } from "@/lib/sessions/require-customer";

const body = z.object({
  contractDescription: z.string().min(1).max(256).default("Recurring payments"),
  language: z.string().max(10).optional(),
});

// Prepares an agreement: the mini program opens the returned authorizationUrl with
// my.call('walletSignContract') and sends the resulting authCode to /api/mini/agreements/bind.
export const POST = route(async (request) => {
  const ctx = getServiceContext();
  const customerId = await requireCustomer(ctx, request);
  const input = await readJson(request, body);
  return Response.json(await prepareAgreement(ctx, customerId, input), { status: 201 });
});
