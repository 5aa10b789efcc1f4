import * as contract from "@/lib/http/contract/mini/agreements";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { prepareAgreement } from "@/lib/payments/agreements/agreements";

// Prepares an agreement: the mini program opens the returned authorizationUrl with
// my.call('walletSignContract') and sends the resulting authCode to /api/mini/agreements/bind.
export const POST = route.customer(async ({ request, ctx, customerId }) => {
  const prepared = await prepareAgreement(
    ctx,
    customerId,
    await readJson(request, contract.prepareAgreement.body),
  );
  return Response.json(prepared satisfies contract.PreparedAgreementJson, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
