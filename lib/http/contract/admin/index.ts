// The operator console's JSON API (/api/admin/*): what its pages call, and what scripts may call with
// an API key (or an operator's session token). Each endpoint names the permission it needs.
import type { ApiArea } from "../endpoint";
import {
  adminCreateAlertRule,
  adminDeleteAlertRule,
  adminListAlertMessages,
  adminListAlertRules,
  adminUpdateAlertRule,
} from "./alerts";
import { adminCreateApiKey, adminListApiKeys, adminRevokeApiKey } from "./api-keys";
import { adminCreateProduct, adminListProducts, adminUpdateProduct } from "./catalog";
import { adminGetDashboard, adminGetHealth } from "./dashboard";
import {
  adminListAuditEntries,
  adminListCustomers,
  adminListNotifications,
  adminListRefunds,
  adminReapplyNotification,
} from "./lists";
import { adminCreateOperator, adminListOperators, adminUpdateOperator } from "./operators";
import {
  adminAcceptOrder,
  adminCancelOrder,
  adminReconcileOrder,
  adminRefundOrder,
  adminVoidOrder,
} from "./order-actions";
import { adminExportOrders, adminGetOrder, adminListOrders, adminResolveOrderFlag } from "./orders";
import { adminAddPasskey, adminListPasskeys, adminRemovePasskey, adminStartPasskey } from "./passkeys";
import {
  adminApproveRefundRequest,
  adminListRefundRequests,
  adminRejectRefundRequest,
} from "./refund-requests";
import {
  adminCreateRole,
  adminDeleteRole,
  adminListRoles,
  adminSetSecondFactorPolicy,
  adminUpdateRole,
} from "./roles";
import { adminConfirmSecondFactor, adminResetSecondFactor, adminStartSecondFactor } from "./second-factor";
import { adminEndOtherSessions, adminEndSession, adminListSessions } from "./sessions";
import {
  adminCancelSubscription,
  adminPauseSubscription,
  adminRefundSubscriptionPeriod,
  adminResumeSubscription,
  adminRetrySubscriptionCharge,
} from "./subscription-actions";
import { adminExportSubscriptions, adminGetSubscription, adminListSubscriptions } from "./subscriptions";
import {
  adminCreateWebhookEndpoint,
  adminDeleteWebhookEndpoint,
  adminListDeadDeliveries,
  adminListEndpointDeliveries,
  adminListWebhookEndpoints,
  adminResendDelivery,
  adminUpdateWebhookEndpoint,
} from "./webhooks";

export const operatorConsoleApi: ApiArea = {
  tag: "Operator console",
  description:
    "The operator console's pages and scripts: orders and the actions on them, refunds, customers, " +
    "notifications, the catalog, operators, roles, webhooks, alerts and the audit log. Each endpoint needs " +
    "one permission (orders.read, orders.refund, refunds.approve, …); roles are named sets of them with " +
    "refund limits: built in VIEWER, SUPPORT, FINANCE and ADMIN, and any an admin adds.",
  endpoints: [
    adminGetDashboard,
    adminListOrders,
    adminExportOrders,
    adminGetOrder,
    adminAcceptOrder,
    adminCancelOrder,
    adminVoidOrder,
    adminRefundOrder,
    adminReconcileOrder,
    adminResolveOrderFlag,
    adminListSubscriptions,
    adminExportSubscriptions,
    adminGetSubscription,
    adminPauseSubscription,
    adminResumeSubscription,
    adminCancelSubscription,
    adminRetrySubscriptionCharge,
    adminRefundSubscriptionPeriod,
    adminListRefunds,
    adminListRefundRequests,
    adminApproveRefundRequest,
    adminRejectRefundRequest,
    adminListCustomers,
    adminListNotifications,
    adminReapplyNotification,
    adminListProducts,
    adminCreateProduct,
    adminUpdateProduct,
    adminListOperators,
    adminCreateOperator,
    adminUpdateOperator,
    adminListRoles,
    adminCreateRole,
    adminUpdateRole,
    adminDeleteRole,
    adminSetSecondFactorPolicy,
    adminListApiKeys,
    adminCreateApiKey,
    adminRevokeApiKey,
    adminListSessions,
    adminEndSession,
    adminEndOtherSessions,
    adminStartSecondFactor,
    adminConfirmSecondFactor,
    adminResetSecondFactor,
    adminListPasskeys,
    adminStartPasskey,
    adminAddPasskey,
    adminRemovePasskey,
    adminListWebhookEndpoints,
    adminCreateWebhookEndpoint,
    adminUpdateWebhookEndpoint,
    adminDeleteWebhookEndpoint,
    adminListEndpointDeliveries,
    adminListDeadDeliveries,
    adminResendDelivery,
    adminListAlertRules,
    adminCreateAlertRule,
    adminUpdateAlertRule,
    adminDeleteAlertRule,
    adminListAlertMessages,
    adminListAuditEntries,
    adminGetHealth,
  ],
};
