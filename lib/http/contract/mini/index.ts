// The mini program's endpoints (/api/mini/*): its session, the customer's profile, the catalog,
// orders, escrow receipt, payment agreements and subscriptions, one file per area. The route files under
// app/api/mini validate with these schemas; error messages of invalid input come from zod, so keep
// the schemas' messages.
import type { ApiArea } from "../endpoint";
import { bindAgreement, prepareAgreement } from "./agreements";
import { listProducts } from "./catalog";
import { confirmReceipt, createOrder, getOrder, listOrders } from "./orders";
import { getProfile, startSession } from "./session";
import {
  cancelSubscription,
  getSubscription,
  listPlans,
  listSubscriptions,
  pauseSubscription,
  resumeSubscription,
  subscribe,
} from "./subscriptions";

export const miniProgramApi: ApiArea = {
  tag: "Mini program",
  description: "Called by the mini program in the wallet app, with the session from POST /api/mini/session.",
  endpoints: [
    startSession,
    getProfile,
    listProducts,
    createOrder,
    listOrders,
    getOrder,
    confirmReceipt,
    prepareAgreement,
    bindAgreement,
    listPlans,
    subscribe,
    listSubscriptions,
    getSubscription,
    pauseSubscription,
    resumeSubscription,
    cancelSubscription,
  ],
};
