import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { orderActionRoute } from "../order-action-route";

// Escrow: gives back some (body {amount}) or all of an accepted order's held money.
export const POST = orderActionRoute("void");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
