import * as contract from "@/lib/http/contract/mini/orders";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { confirmReceipt } from "@/lib/payments/escrow/confirm-receipt";
import { orderView } from "@/lib/payments/orders/order-view";

// The customer confirms receipt of an escrow order: the wallet releases the funds to the merchant.
export const POST = route.customer(
  { params: contract.confirmReceipt.params },
  async ({ ctx, customerId, params }) => {
    const result = await confirmReceipt(ctx, customerId, params.id);
    const answer = {
      ...orderView(result.order),
      operation: { id: result.operation.id, status: result.operation.status },
    } satisfies contract.ReceiptAnswerJson;
    return Response.json(answer, { status: result.state === "DONE" ? 200 : 202 });
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
