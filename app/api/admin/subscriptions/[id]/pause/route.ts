import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { subscriptionActionRoute } from "../subscription-action-route";

// Pauses the subscription: nothing is charged until it is resumed.
export const POST = subscriptionActionRoute("pause");

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
