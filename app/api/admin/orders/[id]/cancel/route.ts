import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { orderActionRoute } from "../order-action-route";

// Escrow: the merchant cancels the order before accepting it; the wallet gives the money back.
export const POST = orderActionRoute("cancel");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
