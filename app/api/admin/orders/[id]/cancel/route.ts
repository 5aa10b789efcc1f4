import { orderActionRoute } from "@/lib/admin/orders/order-action-route";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";

// Escrow: the merchant cancels the order before accepting it; the wallet gives the money back.
export const POST = orderActionRoute("cancel");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
