import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { orderActionRoute } from "../order-action-route";

// Refunds part or all of a completed payment (body {amount, reason}).
export const POST = orderActionRoute("refund");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
