import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { subscriptionActionRoute } from "../subscription-action-route";

// Cancels the subscription at the period's end or now (body {atPeriodEnd}).
export const POST = subscriptionActionRoute("cancel");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
