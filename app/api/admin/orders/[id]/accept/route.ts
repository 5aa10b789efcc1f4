import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { orderActionRoute } from "../order-action-route";

// Escrow: the merchant accepts the order (merchantAccept); the customer may then confirm receipt.
export const POST = orderActionRoute("accept");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
