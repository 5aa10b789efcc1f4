import { orderActionRoute } from "@/lib/admin/orders/order-action-route";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";

// Asks the wallet now about what is unsettled on the order, instead of waiting for the scan.
export const POST = orderActionRoute("reconcile");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
