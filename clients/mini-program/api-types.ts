// Generated from the API's OpenAPI document (GET /api/openapi.json) by `npm run api:client`
// with openapi-typescript. Do not edit: change the contracts in lib/http/contract and regenerate.

export interface paths {
    "/api/mini/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a session from my.getAuthCode's authCode
         * @description Exchanges the single-use authCode at the wallet (applyToken) and answers our own session token; the wallet's tokens never leave the server. Limited to 20 attempts a minute per address.
         */
        post: operations["startSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's wallet profile */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The catalog
         * @description Active products by SKU. The same for everyone, so caches may keep it for a minute.
         */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's orders, newest first */
        get: operations["listOrders"];
        put?: never;
        /**
         * Place an order and start its payment
         * @description Prices the items from the catalog and asks the wallet to pay. Send a new Idempotency-Key per order and the same one when retrying it: a repeat answers the first order (200) instead of placing another. A CASHIER or ESCROW order answers PENDING with the redirectionUrl to open.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the customer's orders
         * @description Poll it after the cashier returns: the wallet's notification settles the status.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/orders/{id}/confirm-receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an escrow order arrived
         * @description The wallet releases the held funds to the merchant. Only after the merchant accepted the order (status ACCEPTED): before that the answer is 409 ESCROW_NOT_ACCEPTED (tell the customer the shop has not accepted yet, and read the order again later). 202 when the wallet's answer is not known yet: poll the order. Confirming an order already CONFIRMED answers 200 with the confirm that went through.
         */
        post: operations["confirmReceipt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/agreements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a payment agreement for the customer to sign
         * @description Open the authorizationUrl with my.call('walletSignContract'), then send the authCode it returns to POST /api/mini/agreements/bind.
         */
        post: operations["prepareAgreement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/agreements/bind": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bind a signed agreement
         * @description Exchanges the authCode from walletSignContract. The agreement then pays AGREEMENT orders without the cashier; it replaces the customer's previous one.
         */
        post: operations["bindAgreement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/subscriptions/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The plans on offer
         * @description Active plans by SKU, with their period, price and whether the first period is free.
         */
        get: operations["listPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's subscriptions, newest first */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Subscribe to a plan
         * @description Needs a bound agreement (POST /api/mini/agreements, then /bind). The first period is charged at once, unless it is free: ACTIVE means paid, CANCELLED with cancelReason FIRST_CHARGE_FAILED and lastFailure null means the wallet refused it (subscribe again after fixing it, with a new Idempotency-Key). A repeat with the same Idempotency-Key answers the first subscription (200).
         */
        post: operations["subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the customer's subscriptions */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a subscription
         * @description Nothing is charged while paused. The time left of the period paid for is given back at the resume. 409 OPERATION_IN_PROGRESS while a charge is at the wallet: try again in a minute.
         */
        post: operations["pauseSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused subscription, or take back a cancellation at the period's end
         * @description Access runs until now + the time that was left when paused; the next charge is then.
         */
        post: operations["resumeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mini/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a subscription
         * @description At the period's end nothing more is charged and access lasts until accessUntil. Now: only where the plan allows it (allowCancelNow); a paused or past-due subscription is cancelled now either way. Nothing is refunded.
         */
        post: operations["cancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallet/notify/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The wallet's payment, void and refund notifications
         * @description Verified over the exact bytes received, stored once under a dedupe key, applied, then acknowledged. Any other answer, or none within 5 s, makes the wallet deliver again: F answers will be refused again, U answers may succeed later. Forged notifications change nothing; an address that keeps sending them is refused for a while (429).
         */
        post: operations["receiveWalletNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness, under the name people poll (same answer as /api/health/ready) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers
         * @description Asks nothing else, so a database outage never gets the process restarted.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of this instance
         * @description HTTP latency by route and status, wallet calls by operation and result, notification verification failures, queue depths and ages, reconciliation backlog, orders needing attention, the wallet circuit breaker. Send `Authorization: Bearer <METRICS_TOKEN>` when a token is set; in production the route exists only with a token, and with METRICS_ENABLED off it is a 404.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API's OpenAPI 3.1 document
         * @description Generated from the schemas the routes validate with. Caches may keep it for 5 minutes.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The payment reached a final status. */
        PaymentNotification: {
            paymentId: string;
            paymentRequestId: string;
            paymentAmount: {
                currency: string;
                value: string;
            };
            paymentCreateTime?: string;
            paymentTime?: string;
            paymentStatus: string;
            paymentResult?: {
                resultCode: string;
                /** @enum {string} */
                resultStatus: "S" | "A" | "U" | "F";
                resultMessage?: string;
            } & {
                [key: string]: unknown;
            };
            extendInfo?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A void happened. */
        VoidNotification: {
            paymentId: string;
            voidRequestId: string;
            voidId?: string;
            voidAmount?: {
                currency: string;
                value: string;
            };
            voidTime?: string;
            voidResult: {
                resultCode: string;
                /** @enum {string} */
                resultStatus: "S" | "A" | "U" | "F";
                resultMessage?: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description A refund finished. */
        RefundNotification: {
            paymentId: string;
            refundRequestId: string;
            refundId?: string;
            refundAmount: {
                currency: string;
                value: string;
            };
            /** @enum {string} */
            refundStatus: "PROCESSING" | "SUCCESS" | "FAIL";
            refundTime?: string;
            refundFailReason?: string;
            refundResult?: {
                resultCode: string;
                /** @enum {string} */
                resultStatus: "S" | "A" | "U" | "F";
                resultMessage?: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        Product: {
            sku: string;
            name: string;
            nameArabic: string;
            price: components["schemas"]["Money"];
            /**
             * @description The price as people read it.
             * @example 2,500 IQD
             */
            priceText: string;
        };
        /**
         * @description An amount in minor units (fils for IQD) as a string of digits, with its currency.
         * @example {
         *       "currency": "IQD",
         *       "value": "2500000"
         *     }
         */
        Money: {
            currency: string;
            value: string;
        };
        Order: {
            /** Format: uuid */
            orderId: string;
            /** @enum {string} */
            flow: "CASHIER" | "ESCROW" | "AGREEMENT";
            /**
             * @description PROCESSING: the wallet's answer is awaited or unknown; poll again. PENDING: open redirectionUrl to pay at the wallet's cashier. PAID: paid (escrow: held until the merchant accepts or cancels). FAILED: not paid; failure says why. CLOSED: closed unpaid: expired, or cancelled at the cashier. ACCEPTED: escrow: the merchant accepted it; confirm receipt once it arrives. CONFIRMED: escrow: receipt confirmed, the funds went to the merchant. CANCELLED: escrow: cancelled by the merchant; the held funds go back. VOIDED: escrow: all of it voided back to the customer.
             * @enum {string}
             */
            status: "PROCESSING" | "PENDING" | "PAID" | "FAILED" | "CLOSED" | "ACCEPTED" | "CONFIRMED" | "CANCELLED" | "VOIDED";
            amount: components["schemas"]["Money"];
            /**
             * Format: uri
             * @description Only while PENDING: the wallet's cashier page, opened with my.tradePay or a redirect.
             */
            redirectionUrl?: string;
            /** @description Only when FAILED. */
            failure?: {
                /** @description The wallet's resultCode. */
                code: string | null;
                /** @description What to tell the customer. */
                message?: string;
            };
            /**
             * @description Refunds the wallet confirmed; a refund still in flight is not counted.
             * @example 2500000
             */
            refunded: string;
            /**
             * @description Integer fils (1 IQD = 1000 fils) as a string of digits.
             * @example 2500000
             */
            voided: string;
            items?: {
                sku: string;
                name: string;
                /** @description The product's Arabic name when the order was placed (null for orders placed before it was kept). */
                nameArabic: string | null;
                /**
                 * @description Integer fils (1 IQD = 1000 fils) as a string of digits.
                 * @example 2500000
                 */
                unitPrice: string;
                quantity: number;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            paidAt?: string;
        };
        OrderWithOperation: {
            /** Format: uuid */
            orderId: string;
            /** @enum {string} */
            flow: "CASHIER" | "ESCROW" | "AGREEMENT";
            /**
             * @description PROCESSING: the wallet's answer is awaited or unknown; poll again. PENDING: open redirectionUrl to pay at the wallet's cashier. PAID: paid (escrow: held until the merchant accepts or cancels). FAILED: not paid; failure says why. CLOSED: closed unpaid: expired, or cancelled at the cashier. ACCEPTED: escrow: the merchant accepted it; confirm receipt once it arrives. CONFIRMED: escrow: receipt confirmed, the funds went to the merchant. CANCELLED: escrow: cancelled by the merchant; the held funds go back. VOIDED: escrow: all of it voided back to the customer.
             * @enum {string}
             */
            status: "PROCESSING" | "PENDING" | "PAID" | "FAILED" | "CLOSED" | "ACCEPTED" | "CONFIRMED" | "CANCELLED" | "VOIDED";
            amount: components["schemas"]["Money"];
            /**
             * Format: uri
             * @description Only while PENDING: the wallet's cashier page, opened with my.tradePay or a redirect.
             */
            redirectionUrl?: string;
            /** @description Only when FAILED. */
            failure?: {
                /** @description The wallet's resultCode. */
                code: string | null;
                /** @description What to tell the customer. */
                message?: string;
            };
            /**
             * @description Refunds the wallet confirmed; a refund still in flight is not counted.
             * @example 2500000
             */
            refunded: string;
            /**
             * @description Integer fils (1 IQD = 1000 fils) as a string of digits.
             * @example 2500000
             */
            voided: string;
            items?: {
                sku: string;
                name: string;
                /** @description The product's Arabic name when the order was placed (null for orders placed before it was kept). */
                nameArabic: string | null;
                /**
                 * @description Integer fils (1 IQD = 1000 fils) as a string of digits.
                 * @example 2500000
                 */
                unitPrice: string;
                quantity: number;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            paidAt?: string;
            operation: {
                /** Format: uuid */
                id: string;
                /**
                 * @description UNKNOWN or RETRY: settled in the background.
                 * @enum {string}
                 */
                status: "CREATED" | "SUCCESS" | "FAIL" | "UNKNOWN" | "RETRY";
            };
        };
        Plan: {
            /** Format: uuid */
            planId: string;
            sku: string;
            name: string;
            nameArabic: string;
            /** @description Charged every period. */
            price: components["schemas"]["Money"];
            priceText: string;
            interval: {
                /** @enum {string} */
                unit: "WEEK" | "MONTH" | "YEAR";
                /** @description Every `count` units: 2 with WEEK is every two weeks. */
                count: number;
            };
            /** @description The first period is free; the first charge is at its end. */
            freeFirstPeriod: boolean;
            /** @description The customer may cancel at once, not only at the period's end. */
            allowCancelNow: boolean;
        };
        Subscription: {
            /** Format: uuid */
            subscriptionId: string;
            /** @enum {string} */
            status: "PENDING" | "TRIALING" | "ACTIVE" | "PAST_DUE" | "PAUSED" | "CANCELLED";
            plan: components["schemas"]["Plan"];
            /** @description The end of the last period paid for (or free). */
            accessUntil: string | null;
            cancelAtPeriodEnd: boolean;
            pausedAt: string | null;
            cancelledAt: string | null;
            /** @description CUSTOMER, OPERATOR, PERIOD_END, UNPAID or FIRST_CHARGE_FAILED. */
            cancelReason: string | null;
            /** @description The next charge; null when none is coming (cancelled, ending, paused). */
            nextCharge: {
                /** Format: date-time */
                at: string;
                period: number;
                amount: components["schemas"]["Money"];
                amountText: string;
            } | null;
            /** @description The last charge of the coming period failed: why, and what the customer can do. */
            lastFailure: {
                resultCode: string;
                /** @description What the customer can do: sign the agreement again (POST /api/mini/agreements), contact the wallet about their account, or top up before the next try. */
                action: ("SIGN_AGREEMENT" | "CONTACT_WALLET" | "TOP_UP") | null;
            } | null;
            /** Format: date-time */
            createdAt: string;
        };
        WalletAcknowledgement: {
            result: {
                /** @constant */
                resultCode: "SUCCESS";
                /** @constant */
                resultStatus: "S";
                resultMessage: string;
            };
        };
        HealthReport: {
            /**
             * @description ok when the database and Redis answer.
             * @enum {string}
             */
            status: "ok" | "degraded";
            /** Format: date-time */
            checkedAt: string;
            /** @description database, redis and wallet; the wallet never decides the status. */
            checks: {
                [key: string]: {
                    ok: boolean;
                    latencyMs: number;
                    /**
                     * @description The wallet's, from a signed call that changes nothing: misconfigured when it answers but refuses us (INVALID_CLIENT, INVALID_SIGNATURE) or its answers do not verify with our copy of its key.
                     * @enum {string}
                     */
                    state?: "ok" | "misconfigured" | "unreachable";
                    /** @description Only with health details on. */
                    error?: string;
                    /** @description Only with health details on. */
                    detail?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    startSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    authCode: string;
                    authSuccessScopes?: string[];
                };
            };
        };
        responses: {
            /** @description A session for the customer (2 hours). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Send as `Authorization: Bearer <sessionToken>`. */
                        sessionToken: string;
                        /** Format: date-time */
                        expiresAt: string;
                        customer: {
                            /** Format: uuid */
                            id: string;
                            scopes: string[];
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description AUTH_CODE_REJECTED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AUTH_CODE_REJECTED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description WALLET_REJECTED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "WALLET_REJECTED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE, WALLET_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE" | "WALLET_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the wallet tells about the customer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The wallet's inquiryUserInfo answer, limited to the scopes the customer granted. */
                        userInfo: {
                            userId?: string;
                            loginIdInfos?: ({
                                loginIdType?: string;
                                maskLoginId?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            userName?: {
                                fullName?: string;
                                firstName?: string;
                                secondName?: string;
                                thirdName?: string;
                                lastName?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            avatar?: string;
                            gender?: string;
                            birthDate?: string;
                            nationality?: string;
                            contactInfos?: ({
                                contactType?: string;
                                contactNo?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            extendInfo?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description WALLET_REJECTED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "WALLET_REJECTED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE, WALLET_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE" | "WALLET_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the copy the caller holds; answered 304 while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog. */
            200: {
                headers: {
                    "Cache-Control": string;
                    /** @description Send it back as If-None-Match to get a 304 while unchanged. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        products: components["schemas"]["Product"][];
                    };
                };
            };
            /** @description The copy named by If-None-Match is still current. */
            304: {
                headers: {
                    "Cache-Control": string;
                    /** @description Send it back as If-None-Match to get a 304 while unchanged. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description nextBefore of the previous page. */
                before?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of orders. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first. */
                        orders: components["schemas"]["Order"][];
                        /** @description Pass as `before` for the next page; null at the end. */
                        nextBefore: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header: {
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description CASHIER: pay at the wallet's cashier; ESCROW: held until the customer confirms receipt; AGREEMENT: paid at once with the customer's bound agreement.
                     * @enum {string}
                     */
                    flow: "CASHIER" | "ESCROW" | "AGREEMENT";
                    items: {
                        sku: string;
                        quantity: number;
                    }[];
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The order this Idempotency-Key placed before. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The new order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REQUIRED, VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "IDEMPOTENCY_KEY_REQUIRED" | "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description CONFLICT, ORDER_STATUS_INVALID */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "CONFLICT" | "ORDER_STATUS_INVALID";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "IDEMPOTENCY_KEY_REUSED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    confirmReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmed: the order is CONFIRMED. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderWithOperation"];
                };
            };
            /** @description Sent; the wallet's outcome is not known yet. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderWithOperation"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description ESCROW_NOT_ACCEPTED, OPERATION_IN_PROGRESS, ORDER_STATUS_INVALID */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "ESCROW_NOT_ACCEPTED" | "OPERATION_IN_PROGRESS" | "ORDER_STATUS_INVALID";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description ORDER_UNSUPPORTED_OPERATION, WALLET_REJECTED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "ORDER_UNSUPPORTED_OPERATION" | "WALLET_REJECTED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE, WALLET_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE" | "WALLET_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    prepareAgreement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default Recurring payments */
                    contractDescription?: string;
                    language?: string;
                };
            };
        };
        responses: {
            /** @description A prepared agreement. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        agreementId: string;
                        /**
                         * Format: uri
                         * @description Open with my.call('walletSignContract').
                         */
                        authorizationUrl: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description WALLET_REJECTED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "WALLET_REJECTED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE, WALLET_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE" | "WALLET_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    bindAgreement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    authCode: string;
                    /** Format: uuid */
                    agreementId?: string;
                };
            };
        };
        responses: {
            /** @description The active agreement. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        agreementId: string;
                        /** @enum {string} */
                        status: "PREPARED" | "ACTIVE" | "REVOKED" | "EXPIRED";
                        /** @description When the wallet stops honouring it; null: no end. */
                        expiresAt: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description AUTH_CODE_REJECTED, REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AUTH_CODE_REJECTED" | "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "FORBIDDEN";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE, WALLET_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE" | "WALLET_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    listPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plans. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plans: components["schemas"]["Plan"][];
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Their subscriptions (the latest 100). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first. */
                        subscriptions: components["schemas"]["Subscription"][];
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    subscribe: {
        parameters: {
            query?: never;
            header: {
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    planId: string;
                    /**
                     * @description The language of the pushes about it. Default ar.
                     * @enum {string}
                     */
                    language?: "ar" | "en";
                };
            };
        };
        responses: {
            /** @description The subscription this Idempotency-Key made before. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description The new subscription. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REQUIRED, VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "IDEMPOTENCY_KEY_REQUIRED" | "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description CONFLICT, ORDER_STATUS_INVALID */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "CONFLICT" | "ORDER_STATUS_INVALID";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "IDEMPOTENCY_KEY_REUSED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    pauseSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paused subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description OPERATION_IN_PROGRESS, ORDER_STATUS_INVALID */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "OPERATION_IN_PROGRESS" | "ORDER_STATUS_INVALID";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    resumeSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription, active again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description OPERATION_IN_PROGRESS, ORDER_STATUS_INVALID */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "OPERATION_IN_PROGRESS" | "ORDER_STATUS_INVALID";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    cancelSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description True (default): at the end of the period paid for. False: now, where the plan allows it.
                     * @default true
                     */
                    atPeriodEnd?: boolean;
                };
            };
        };
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description REAUTHORIZE, UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "REAUTHORIZE" | "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description OPERATION_IN_PROGRESS, ORDER_STATUS_INVALID */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "OPERATION_IN_PROGRESS" | "ORDER_STATUS_INVALID";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    receiveWalletNotification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description payment, void or refund: the notify URL we gave the wallet. Anything else is a 404. */
                kind: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentNotification"] | components["schemas"]["VoidNotification"] | components["schemas"]["RefundNotification"];
            };
        };
        responses: {
            /** @description Acknowledged (also for a repeat). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletAcknowledgement"];
                };
            };
            /** @description PARAM_ILLEGAL, VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /** @enum {string} */
                            resultCode: "PARAM_ILLEGAL" | "VALIDATION_FAILED";
                            /** @constant */
                            resultStatus: "F";
                            resultMessage: string;
                        };
                    };
                };
            };
            /** @description INVALID_SIGNATURE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /** @enum {string} */
                            resultCode: "INVALID_SIGNATURE";
                            /** @constant */
                            resultStatus: "F";
                            resultMessage: string;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /** @enum {string} */
                            resultCode: "NOT_FOUND";
                            /** @constant */
                            resultStatus: "F";
                            resultMessage: string;
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /** @enum {string} */
                            resultCode: "PAYLOAD_TOO_LARGE";
                            /** @constant */
                            resultStatus: "F";
                            resultMessage: string;
                        };
                    };
                };
            };
            /** @description REJECTED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /** @enum {string} */
                            resultCode: "REJECTED";
                            /** @constant */
                            resultStatus: "F";
                            resultMessage: string;
                        };
                    };
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /** @enum {string} */
                            resultCode: "RATE_LIMITED";
                            /** @constant */
                            resultStatus: "F";
                            resultMessage: string;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /** @enum {string} */
                            resultCode: "INTERNAL";
                            /** @constant */
                            resultStatus: "U";
                            resultMessage: string;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: {
                            /** @enum {string} */
                            resultCode: "SERVICE_UNAVAILABLE";
                            /** @constant */
                            resultStatus: "U";
                            resultMessage: string;
                        };
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready: the database and Redis answer. */
            200: {
                headers: {
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Not ready; take this instance out of rotation and ask again later. */
            503: {
                headers: {
                    "Cache-Control": "no-store";
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready: the database and Redis answer. */
            200: {
                headers: {
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Not ready; take this instance out of rotation and ask again later. */
            503: {
                headers: {
                    "Cache-Control": "no-store";
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHENTICATED";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SERVICE_UNAVAILABLE";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the copy the caller holds; answered 304 while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    "Cache-Control": string;
                    /** @description Send it back as If-None-Match to get a 304 while unchanged. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The copy named by If-None-Match is still current. */
            304: {
                headers: {
                    "Cache-Control": string;
                    /** @description Send it back as If-None-Match to get a 304 while unchanged. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For people: safe to show, never a stack or a path. */
                            message: string;
                            /** @description What to fix: zod's flattened issues for invalid input, else per code. */
                            details?: unknown;
                        };
                    };
                };
            };
        };
    };
}
