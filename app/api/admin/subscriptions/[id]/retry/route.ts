import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { subscriptionActionRoute } from "../subscription-action-route";

// Charges a dunned period now through the billing engine (body {period, attemptsSeen}).
export const POST = subscriptionActionRoute("retry");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
