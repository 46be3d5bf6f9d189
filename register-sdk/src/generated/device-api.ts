/*
 * The device API's types, generated from its OpenAPI document (GET /api/device/v1/openapi.json) by
 * openapi-typescript: do not edit; run `node --import tsx test/sdk-types.ts` in server/.
 */
export interface paths {
    "/pair": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pair a register with a one-time code from the back-office */
        post: operations["pair"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything the register needs to sell (catalog, taxes, types, employees, printers, banners) */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send up to 500 events; each is stored whole or rejected whole */
        post: operations["postEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/receipts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored sale with what was already refunded of each line (to refund it on any register) */
        get: operations["getReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gift-cards/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A gift card’s balance, status and expiry by its 16 digits (before taking it as a payment) */
        get: operations["getGiftCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/print-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Jobs queued for the printers this terminal drives (offered again if not acknowledged in 60 s) */
        get: operations["listPrintJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/print-jobs/{id}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a job printed or failed */
        post: operations["ackPrintJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Errors and notes for the terminal log in the back-office */
        post: operations["postLogs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/banners/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A banner image listed in config */
        get: operations["getBannerImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
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
        PairRequest: {
            code: string;
            appVersion?: string;
            deviceModel?: string;
        };
        EventBatch: {
            events: (components["schemas"]["ReceiptEvent"] | components["schemas"]["RefundEvent"] | components["schemas"]["ShiftOpenEvent"] | components["schemas"]["ShiftCloseEvent"] | components["schemas"]["CashMovementEvent"] | components["schemas"]["ClockInEvent"] | components["schemas"]["ClockOutEvent"] | components["schemas"]["BreakStartEvent"] | components["schemas"]["BreakEndEvent"])[];
        };
        ReceiptEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "receipt";
            at: number;
            localNumber?: string;
            shiftId?: string | null;
            employeeId?: number | null;
            orderTypeId?: number | null;
            customerId?: number | null;
            lines: {
                itemId: number | null;
                name: string;
                quantity: number;
                unitPriceCents: number;
                modifiers?: {
                    name: string;
                    priceCents: number;
                    modifierId?: number;
                }[];
                discountCents?: number;
                discountId?: number;
                taxRateIds: number[];
            }[];
            discounts?: {
                name: string;
                amountCents: number;
                discountId?: number;
                promotionId?: number;
                points?: number;
            }[];
            payments: {
                paymentTypeId: number;
                amountCents: number;
                tipCents?: number;
                giftCardNumber?: string;
            }[];
            changeCents?: number;
            totals: {
                subtotalCents: number;
                discountCents: number;
                taxCents: number;
                totalCents: number;
                tipCents?: number;
            };
            sendToKitchen?: boolean;
            note?: string;
        };
        RefundEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "refund";
            at: number;
            /** Format: uuid */
            receiptId: string;
            localNumber?: string;
            shiftId?: string | null;
            employeeId?: number | null;
            reason?: string;
            lines: {
                line: number;
                quantity: number;
            }[];
            payments: {
                paymentTypeId: number;
                amountCents: number;
                giftCardNumber?: string;
            }[];
            totals: {
                subtotalCents: number;
                discountCents: number;
                taxCents: number;
                totalCents: number;
            };
        };
        ShiftOpenEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "shift_open";
            at: number;
            employeeId?: number | null;
            openingFloatCents: number;
        };
        ShiftCloseEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "shift_close";
            at: number;
            /** Format: uuid */
            shiftId: string;
            employeeId?: number | null;
            countedCashCents: number;
            note?: string;
        };
        CashMovementEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "cash_movement";
            at: number;
            /** Format: uuid */
            shiftId: string;
            employeeId?: number | null;
            /** @enum {string} */
            kind: "pay_in" | "pay_out";
            amountCents: number;
            reason: string;
        };
        ClockInEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "clock_in";
            at: number;
            employeeId: number;
        };
        ClockOutEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "clock_out";
            at: number;
            employeeId: number;
        };
        BreakStartEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "break_start";
            at: number;
            employeeId: number;
        };
        BreakEndEvent: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "break_end";
            at: number;
            employeeId: number;
        };
        PrintAck: {
            /** @enum {string} */
            status: "printed" | "failed";
            error?: string;
        };
        LogRequest: {
            entries: {
                at: number;
                /** @enum {string} */
                level: "info" | "warning" | "error";
                message: string;
                code?: string;
            }[];
        };
        Error: {
            error: string;
            message: string;
            fields?: {
                [key: string]: string;
            };
            retryAfter?: number;
            limitBytes?: number;
            /** @enum {string} */
            status?: "queued" | "printed" | "failed" | "cancelled";
        };
        PairResponse: {
            token: string;
            terminal: {
                id: number;
                name: string;
                locationId: number | null;
                locationName: string | null;
            };
            company: {
                name: string;
            };
            pinKey: string;
        };
        Config: {
            version: string;
            generatedAt: number;
            company: {
                name: string;
                currency: string;
                timezone: string;
                license: string;
                addons: string[];
                receiptHeader: string;
                receiptFooter: string;
            };
            terminal: {
                id: number;
                name: string;
            };
            location: {
                id: number;
                name: string;
                timezone: string;
            } | null;
            categories: {
                id: number;
                name: string;
                color: string;
                position: number;
            }[];
            items: {
                id: number;
                name: string;
                sku: string;
                categoryId: number | null;
                priceCents: number;
                taxRateIds: number[];
                levelPrices: {
                    priceLevelId: number;
                    priceCents: number;
                }[];
                modifierGroupIds: number[];
            }[];
            modifierGroups: {
                id: number;
                name: string;
                minChoices: number;
                maxChoices: number;
                modifiers: {
                    id: number;
                    name: string;
                    priceCents: number;
                }[];
            }[];
            taxRates: {
                id: number;
                name: string;
                rateBp: number;
                /** @enum {string} */
                type: "added" | "included";
                archived: boolean;
            }[];
            priceLevels: {
                id: number;
                name: string;
                scheduled: boolean;
                days: number[];
                startTime: string;
                endTime: string;
            }[];
            orderTypes: {
                id: number;
                name: string;
                builtin: string | null;
            }[];
            loyalty: {
                enabled: boolean;
                pointsPerUnit: number;
                valuePer100Cents: number;
                minRedeemPoints: number;
            } | null;
            promotions: {
                id: number;
                name: string;
                /** @enum {string} */
                kind: "buy_get" | "percent_off" | "spend_get";
                priority: number;
                stackable: boolean;
                itemIds: number[];
                categoryIds: number[];
                buyQuantity: number;
                getQuantity: number;
                getPercentBp: number;
                percentBp: number;
                thresholdCents: number;
                amountCents: number;
                days: number[];
                startTime: string;
                endTime: string;
                startsOn: string | null;
                endsOn: string | null;
            }[];
            discounts: {
                id: number;
                name: string;
                /** @enum {string} */
                type: "percent" | "amount";
                percentBp: number | null;
                amountCents: number | null;
                /** @enum {string} */
                scope: "receipt" | "items";
                itemIds: number[];
                categoryIds: number[];
                restricted: boolean;
            }[];
            paymentTypes: {
                id: number;
                name: string;
                builtin: string | null;
                cashLike: boolean;
            }[];
            employees: {
                id: number;
                name: string;
                pinVerifier: string | null;
                /** @enum {string} */
                role: "admin" | "manager" | "user";
                rights: {
                    refunds: boolean;
                    discounts: boolean;
                    openDrawer: boolean;
                    void: boolean;
                };
            }[];
            printers: {
                id: number;
                name: string;
                /** @enum {string} */
                kind: "receipt" | "kitchen";
                address: string;
                terminalId: number | null;
                categoryIds: number[];
            }[];
            banners: {
                kiosk: components["schemas"]["Banner"][];
                customerDisplay: components["schemas"]["Banner"][];
            };
            openShift: {
                id: string;
                number: number;
                openedAt: number;
                openingFloatCents: number;
            } | null;
            clockedIn: {
                employeeId: number;
                since: number;
                terminalId: number | null;
            }[];
            limits: {
                maxBatch: number;
                maxLines: number;
                maxPayments: number;
            };
        };
        Banner: {
            id: number;
            title: string;
            imageUrl: string;
            /** @enum {string} */
            contentType: "image/png" | "image/jpeg" | "image/webp";
            size: number;
            sha256: string;
            activeFrom: number | null;
            activeUntil: number | null;
            position: number;
        };
        EventBatchResult: {
            results: components["schemas"]["EventResult"][];
            stored: number;
            duplicate: number;
            rejected: number;
        };
        EventResult: {
            id: string;
            /** @enum {string} */
            status: "stored" | "duplicate" | "rejected";
            receiptNumber?: number;
            shiftNumber?: number;
            expectedCashCents?: number;
            differenceCents?: number;
            timeEntryId?: number;
            errors?: {
                field: string;
                /** @enum {string} */
                code: "invalid" | "unknown_type" | "bad_time" | "totals_mismatch" | "payments_mismatch" | "discount_too_large" | "amount_too_large" | "unknown_item" | "unknown_tax_rate" | "unknown_payment_type" | "unknown_order_type" | "unknown_employee" | "unknown_customer" | "unknown_receipt" | "unknown_line" | "unknown_shift" | "shift_closed" | "shift_of_another_terminal" | "shift_already_open" | "refund_exceeds_sale" | "not_a_sale" | "stale_reference" | "already_clocked_in" | "not_clocked_in" | "already_on_break" | "not_on_break" | "unknown_gift_card" | "gift_card_expired" | "gift_card_void" | "gift_card_insufficient" | "unknown_discount" | "discount_mismatch" | "loyalty_off" | "not_enough_points" | "points_value_mismatch" | "unknown_promotion" | "promotion_mismatch" | "unknown_modifier";
                message: string;
            }[];
        };
        EventBatchRejected: {
            results: components["schemas"]["EventResult"][];
            stored: number;
            duplicate: number;
            rejected: number;
            /** @constant */
            error: "events_rejected";
            message: string;
        };
        Receipt: {
            id: string;
            number: number;
            /** @enum {string} */
            kind: "sale" | "refund";
            at: number;
            terminalId: number | null;
            totals: {
                subtotalCents: number;
                discountCents: number;
                taxCents: number;
                totalCents: number;
                tipCents: number;
            };
            lines: {
                line: number;
                itemId: number | null;
                name: string;
                quantity: number;
                unitPriceCents: number;
                grossCents: number;
                discountCents: number;
                totalCents: number;
                taxes: {
                    taxRateId: number | null;
                    rateBp: number;
                    /** @enum {string} */
                    type: "added" | "included";
                    taxCents: number;
                }[];
                refunded: {
                    quantity: number;
                    grossCents: number;
                    discountCents: number;
                    taxCents: number[];
                };
            }[];
        };
        GiftCardBalance: {
            last4: string;
            balanceCents: number;
            /** @enum {string} */
            status: "active" | "expired" | "void";
            expiresOn: string | null;
        };
        PrintJobs: {
            jobs: components["schemas"]["PrintJob"][];
        };
        PrintJob: {
            id: number;
            printerId: number;
            /** @enum {string} */
            kind: "test" | "kitchen" | "receipt";
            title: string;
            createdAt: number;
            document: components["schemas"]["PrintDocument"];
        };
        PrintDocument: {
            lines: {
                text: string;
                bold?: boolean;
                large?: boolean;
            }[];
        };
        PrintAckResult: {
            id: number;
            /** @enum {string} */
            status: "queued" | "printed" | "failed" | "cancelled";
        };
        LogResult: {
            accepted: number;
        };
    };
    responses: never;
    parameters: {
        /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
        AppVersion: string;
        /** @description The ETag of the copy the register has: `304` when it is still current. */
        IfNoneMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before sending the same request again (the body’s `retryAfter`). */
        RetryAfter: number;
        /** @description `Bearer realm="hive-device"`, with `error="invalid_token"` when a token was sent. */
        WWWAuthenticate: string;
        /** @description The version of this answer: send it back in `If-None-Match`. */
        ETag: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    pair: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PairRequest"];
            };
        };
        responses: {
            /** @description Paired: keep the token, it is shown once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PairResponse"];
                };
            };
            /**
             * @description The request is malformed; `fields` says what to change (`{"<field>": "<problem>"}`).
             *
             *     - `validation_error`: the body is malformed, or `code` is not 8 characters of the alphabet (`fields.code`)
             *     - `invalid_body`: the body is not JSON, or shorter or longer than its Content-Length (`fields.body`)
             *     - `request_aborted`: the body stopped arriving before its end (`fields.body`)
             *     - `pairing_code_invalid`: no such code: mistyped, already used, or replaced by a newer one (`fields.code`)
             *     - `pairing_code_expired`: the code is older than 10 minutes: create a new one in the back-office (`fields.code`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "validation_error" | "invalid_body" | "request_aborted" | "pairing_code_invalid" | "pairing_code_expired";
                        fields: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `forbidden_origin`: a write with an `Origin` header of another site, or with cookies of another site
             *     - `company_suspended`: the company is suspended: its registers cannot pair
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "forbidden_origin" | "company_suspended";
                    };
                };
            };
            /**
             * @description The body is too large.
             *
             *     - `payload_too_large`: the body is over the limit: 5 MB of JSON (`limitBytes` says the limit in bytes)
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "payload_too_large";
                    };
                };
            };
            /**
             * @description The body is not JSON the server reads.
             *
             *     - `unsupported_media_type`: the body is not `application/json`, or there is none
             *     - `unsupported_charset`: a `charset` other than UTF-8, UTF-16 or UTF-32
             *     - `unsupported_encoding`: a `Content-Encoding` other than `gzip`, `deflate` or `br`
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unsupported_media_type" | "unsupported_charset" | "unsupported_encoding";
                    };
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: more than 20 pairing attempts from this address in 10 minutes
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    getConfig: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the copy the register has: `304` when it is still current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
                "X-Hive-App-Version"?: components["parameters"]["AppVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration, with its ETag. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Config"];
                };
            };
            /** @description Not modified: the copy the register has is current. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description No valid device token: pair again.
             *
             *     - `unauthorized`: no `Authorization` header
             *     - `invalid_token`: a malformed token, or one revoked (the terminal was unpaired or paired again): pair again
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unauthorized" | "invalid_token";
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `company_suspended`: the company is suspended
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "company_suspended";
                    };
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    postEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
                "X-Hive-App-Version"?: components["parameters"]["AppVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventBatch"];
            };
        };
        responses: {
            /** @description The outcome of each event, in the order sent (stored, duplicate or rejected); receipts answer their receiptNumber, shift events their shiftNumber, clock events the timeEntryId. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventBatchResult"];
                };
            };
            /**
             * @description The request is malformed; `fields` says what to change (`{"<field>": "<problem>"}`).
             *
             *     - `validation_error`: the batch itself is malformed: not `{"events": [...]}`, empty, over 500 events, or an event without a UUID `id` or a string `type` (nothing is stored)
             *     - `invalid_body`: the body is not JSON, or shorter or longer than its Content-Length (`fields.body`)
             *     - `request_aborted`: the body stopped arriving before its end (`fields.body`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "validation_error" | "invalid_body" | "request_aborted";
                        fields: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /**
             * @description No valid device token: pair again.
             *
             *     - `unauthorized`: no `Authorization` header
             *     - `invalid_token`: a malformed token, or one revoked (the terminal was unpaired or paired again): pair again
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unauthorized" | "invalid_token";
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `company_suspended`: the company is suspended
             *     - `forbidden_origin`: a write with an `Origin` header of another site, or with cookies of another site
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "company_suspended" | "forbidden_origin";
                    };
                };
            };
            /**
             * @description The body is too large.
             *
             *     - `payload_too_large`: the body is over the limit: 5 MB of JSON (`limitBytes` says the limit in bytes)
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "payload_too_large";
                    };
                };
            };
            /**
             * @description The body is not JSON the server reads.
             *
             *     - `unsupported_media_type`: the body is not `application/json`, or there is none
             *     - `unsupported_charset`: a `charset` other than UTF-8, UTF-16 or UTF-32
             *     - `unsupported_encoding`: a `Content-Encoding` other than `gzip`, `deflate` or `br`
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unsupported_media_type" | "unsupported_charset" | "unsupported_encoding";
                    };
                };
            };
            /**
             * @description Nothing was stored.
             *
             *     - `events_rejected`: every event of the batch was rejected; the reasons are listed per event
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventBatchRejected"];
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)
             *     - `gift_card_misses`: too many gift card numbers that found no card, from this terminal or for the company: nothing was stored; send the same request again after `retryAfter` seconds
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests" | "gift_card_misses";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    getReceipt: {
        parameters: {
            query?: never;
            header?: {
                /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
                "X-Hive-App-Version"?: components["parameters"]["AppVersion"];
            };
            path: {
                /** @description The sale’s event id (a UUID) or its receipt number. */
                id: string | number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Receipt"];
                };
            };
            /**
             * @description No valid device token: pair again.
             *
             *     - `unauthorized`: no `Authorization` header
             *     - `invalid_token`: a malformed token, or one revoked (the terminal was unpaired or paired again): pair again
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unauthorized" | "invalid_token";
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `company_suspended`: the company is suspended
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "company_suspended";
                    };
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: no sale of the company with this event id or receipt number
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "not_found";
                    };
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    getGiftCard: {
        parameters: {
            query?: never;
            header?: {
                /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
                "X-Hive-App-Version"?: components["parameters"]["AppVersion"];
            };
            path: {
                /** @description The card number: 16 digits, spaces and dashes allowed. */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The card. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GiftCardBalance"];
                };
            };
            /**
             * @description No valid device token: pair again.
             *
             *     - `unauthorized`: no `Authorization` header
             *     - `invalid_token`: a malformed token, or one revoked (the terminal was unpaired or paired again): pair again
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unauthorized" | "invalid_token";
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `company_suspended`: the company is suspended
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "company_suspended";
                    };
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: no card of the company with this number (each miss counts toward `gift_card_misses`, per terminal and per company)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "not_found";
                    };
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)
             *     - `gift_card_misses`: too many gift card numbers that found no card, from this terminal or for the company: nothing was stored; send the same request again after `retryAfter` seconds
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests" | "gift_card_misses";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    listPrintJobs: {
        parameters: {
            query?: never;
            header?: {
                /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
                "X-Hive-App-Version"?: components["parameters"]["AppVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Oldest first, at most 50. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrintJobs"];
                };
            };
            /**
             * @description No valid device token: pair again.
             *
             *     - `unauthorized`: no `Authorization` header
             *     - `invalid_token`: a malformed token, or one revoked (the terminal was unpaired or paired again): pair again
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unauthorized" | "invalid_token";
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `company_suspended`: the company is suspended
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "company_suspended";
                    };
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    ackPrintJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
                "X-Hive-App-Version"?: components["parameters"]["AppVersion"];
            };
            path: {
                /** @description The job’s id (`jobs[].id` of `GET /print-jobs`). */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PrintAck"];
            };
        };
        responses: {
            /** @description Recorded (sending the same status again is harmless). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrintAckResult"];
                };
            };
            /**
             * @description The request is malformed; `fields` says what to change (`{"<field>": "<problem>"}`).
             *
             *     - `validation_error`: a field is missing or wrong: `fields` names each (`{"<field>": "<problem>"}`), `message` says the first
             *     - `invalid_body`: the body is not JSON, or shorter or longer than its Content-Length (`fields.body`)
             *     - `request_aborted`: the body stopped arriving before its end (`fields.body`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "validation_error" | "invalid_body" | "request_aborted";
                        fields: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /**
             * @description No valid device token: pair again.
             *
             *     - `unauthorized`: no `Authorization` header
             *     - `invalid_token`: a malformed token, or one revoked (the terminal was unpaired or paired again): pair again
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unauthorized" | "invalid_token";
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `company_suspended`: the company is suspended
             *     - `forbidden_origin`: a write with an `Origin` header of another site, or with cookies of another site
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "company_suspended" | "forbidden_origin";
                    };
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: no such job for the printers this terminal drives
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "not_found";
                    };
                };
            };
            /**
             * @description Conflict.
             *
             *     - `print_job_state`: the job was already acknowledged with the other status, or cancelled: `status` is where it is
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "print_job_state";
                        /** @enum {string} */
                        status: "queued" | "printed" | "failed" | "cancelled";
                    };
                };
            };
            /**
             * @description The body is too large.
             *
             *     - `payload_too_large`: the body is over the limit: 5 MB of JSON (`limitBytes` says the limit in bytes)
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "payload_too_large";
                    };
                };
            };
            /**
             * @description The body is not JSON the server reads.
             *
             *     - `unsupported_media_type`: the body is not `application/json`, or there is none
             *     - `unsupported_charset`: a `charset` other than UTF-8, UTF-16 or UTF-32
             *     - `unsupported_encoding`: a `Content-Encoding` other than `gzip`, `deflate` or `br`
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unsupported_media_type" | "unsupported_charset" | "unsupported_encoding";
                    };
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    postLogs: {
        parameters: {
            query?: never;
            header?: {
                /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
                "X-Hive-App-Version"?: components["parameters"]["AppVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LogRequest"];
            };
        };
        responses: {
            /** @description Accepted. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogResult"];
                };
            };
            /**
             * @description The request is malformed; `fields` says what to change (`{"<field>": "<problem>"}`).
             *
             *     - `validation_error`: a field is missing or wrong: `fields` names each (`{"<field>": "<problem>"}`), `message` says the first
             *     - `invalid_body`: the body is not JSON, or shorter or longer than its Content-Length (`fields.body`)
             *     - `request_aborted`: the body stopped arriving before its end (`fields.body`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "validation_error" | "invalid_body" | "request_aborted";
                        fields: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /**
             * @description No valid device token: pair again.
             *
             *     - `unauthorized`: no `Authorization` header
             *     - `invalid_token`: a malformed token, or one revoked (the terminal was unpaired or paired again): pair again
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unauthorized" | "invalid_token";
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `company_suspended`: the company is suspended
             *     - `forbidden_origin`: a write with an `Origin` header of another site, or with cookies of another site
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "company_suspended" | "forbidden_origin";
                    };
                };
            };
            /**
             * @description The body is too large.
             *
             *     - `payload_too_large`: the body is over the limit: 5 MB of JSON (`limitBytes` says the limit in bytes)
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "payload_too_large";
                    };
                };
            };
            /**
             * @description The body is not JSON the server reads.
             *
             *     - `unsupported_media_type`: the body is not `application/json`, or there is none
             *     - `unsupported_charset`: a `charset` other than UTF-8, UTF-16 or UTF-32
             *     - `unsupported_encoding`: a `Content-Encoding` other than `gzip`, `deflate` or `br`
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unsupported_media_type" | "unsupported_charset" | "unsupported_encoding";
                    };
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    getBannerImage: {
        parameters: {
            query?: {
                /** @description The version in the banner’s `imageUrl`: with the current one the image may be cached for good (it changes when the image does). */
                v?: string;
            };
            header?: {
                /** @description The ETag of the copy the register has: `304` when it is still current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-40 letters, digits, spaces or `._+-()` is ignored. */
                "X-Hive-App-Version"?: components["parameters"]["AppVersion"];
            };
            path: {
                /** @description The banner’s id (`banners.*[].id` of `config`). */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    /** @description `private, max-age=31536000, immutable` with the current `v`, else `private, no-cache`. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": unknown;
                    "image/jpeg": unknown;
                    "image/webp": unknown;
                };
            };
            /** @description Not modified: the copy the register has is current. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description No valid device token: pair again.
             *
             *     - `unauthorized`: no `Authorization` header
             *     - `invalid_token`: a malformed token, or one revoked (the terminal was unpaired or paired again): pair again
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "unauthorized" | "invalid_token";
                    };
                };
            };
            /**
             * @description Refused.
             *
             *     - `company_suspended`: the company is suspended
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "company_suspended";
                    };
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: no such banner of the company
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "not_found";
                    };
                };
            };
            /**
             * @description Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.
             *
             *     - `too_many_requests`: over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)
             */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "too_many_requests";
                        retryAfter: number;
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the copy the register has: `304` when it is still current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Not modified: the copy the register has is current. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Not acceptable.
             *
             *     - `not_acceptable`: the `Accept` header does not allow `application/json`
             */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "not_acceptable";
                    };
                };
            };
            /**
             * @description Server error.
             *
             *     - `internal_error`: a fault on the server: send the same request again later (events are idempotent)
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error: "internal_error";
                    };
                };
            };
        };
    };
}
