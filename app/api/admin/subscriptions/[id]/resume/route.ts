import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { subscriptionActionRoute } from "../subscription-action-route";

// Resumes a paused subscription, or takes back a cancellation at the period's end.
export const POST = subscriptionActionRoute("resume");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
