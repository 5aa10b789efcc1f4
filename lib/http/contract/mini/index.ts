// The mini program's endpoints (/api/mini/*): its session, the customer's profile, the catalog,
// orders, escrow receipt and payment agreements, one file per area. The route files under
// app/api/mini validate with these schemas; error messages of invalid input come from zod, so keep
// the schemas' messages.
import type { ApiArea } from "../endpoint";
import { bindAgreement, prepareAgreement } from "./agreements";
import { listProducts } from "./catalog";
import { confirmReceipt, createOrder, getOrder, listOrders } from "./orders";
import { getProfile, startSession } from "./session";

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
  ],
};
