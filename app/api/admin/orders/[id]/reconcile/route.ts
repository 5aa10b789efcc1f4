import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { orderActionRoute } from "../order-action-route";

// Asks the wallet now about what is unsettled on the order, instead of waiting for the scan.
export const POST = orderActionRoute("reconcile");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
