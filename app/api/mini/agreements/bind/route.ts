import * as contract from "@/lib/http/contract/mini/agreements";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { bindAgreement } from "@/lib/payments/agreements/agreements";

export const POST = route.customer(async ({ request, ctx, customerId }) => {
  const bound = await bindAgreement(ctx, customerId, await readJson(request, contract.bindAgreement.body));
  return Response.json(bound satisfies contract.BoundAgreementJson);
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
