// The operator console's JSON API (/api/admin/*): what its pages call, and what scripts may call with
// an API key (or an operator's session token). Each endpoint names the least role that may call it.
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
import { adminExportOrders, adminGetOrder, adminListOrders } from "./orders";
import { adminConfirmSecondFactor, adminResetSecondFactor, adminStartSecondFactor } from "./second-factor";
import { adminEndOtherSessions, adminEndSession, adminListSessions } from "./sessions";
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
    "notifications, the catalog, operators, webhooks, alerts and the audit log. Roles: VIEWER reads, OPERATOR also acts " +
    "on orders and notifications, ADMIN also manages the catalog, operators and reads the audit log.",
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
    adminListRefunds,
    adminListCustomers,
    adminListNotifications,
    adminReapplyNotification,
    adminListProducts,
    adminCreateProduct,
    adminUpdateProduct,
    adminListOperators,
    adminCreateOperator,
    adminUpdateOperator,
    adminListApiKeys,
    adminCreateApiKey,
    adminRevokeApiKey,
    adminListSessions,
    adminEndSession,
    adminEndOtherSessions,
    adminStartSecondFactor,
    adminConfirmSecondFactor,
    adminResetSecondFactor,
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
