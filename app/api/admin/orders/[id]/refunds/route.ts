import { orderActionRoute } from "@/lib/admin/orders/order-action-route";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";

// Refunds part or all of a completed payment (body {amount, reason}).
export const POST = orderActionRoute("refunds");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
