import { orderActionRoute } from "@/lib/admin/orders/order-action-route";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";

// Escrow: gives back some (body {amount}) or all of an accepted order's held money.
export const POST = orderActionRoute("void");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
