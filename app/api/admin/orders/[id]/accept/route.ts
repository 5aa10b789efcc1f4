import { orderActionRoute } from "@/lib/admin/orders/order-action-route";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";

// Escrow: the merchant accepts the order (merchantAccept); the customer may then confirm receipt.
export const POST = orderActionRoute("accept");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
