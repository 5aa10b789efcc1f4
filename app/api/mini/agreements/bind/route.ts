import { bindAgreement } from "@/lib/agreements/agreements";
import * as contract from "@/lib/api/contract/mini/agreements";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";

export const POST = route.customer(async ({ request, ctx, customerId }) => {
  const bound = await bindAgreement(ctx, customerId, await readJson(request, contract.bindAgreement.body));
  return Response.json(bound satisfies contract.BoundAgreementJson);
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
