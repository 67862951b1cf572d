extension ReplyError {
    /// The stable error codes of ConnectBus replies. Families: `validation.*` (bad input,
    /// never retryable), `not_found.<entity>`, `conflict.*` (the request clashes with the
    /// current state), `stripe.<code or type>` (Stripe refused or failed), `internal`, `timeout`.
    public enum Code {
        /// A required field is absent or null.
        public static let missingField = "validation.missing_field"
        /// A field has the wrong JSON type.
        public static let wrongType = "validation.wrong_type"
        /// A field has a value that is not allowed (generic).
        public static let invalidValue = "validation.invalid_value"
        /// A command carries a field its message does not define (commands are strict); the
        /// error's `field` is the wire path, e.g. `controller.fees_payer`.
        public static let unknownField = "validation.unknown_field"
        /// A message has no AMQP `type` property and its queue cannot tell which message it is
        /// (an event queue; a command queue takes the type from its own name).
        public static let missingType = "validation.missing_type"
        /// The body is not a decodable message of the announced type.
        public static let malformedMessage = "validation.malformed_message"
        /// An amount is not a positive integer in the currency's smallest unit.
        public static let invalidAmount = "validation.invalid_amount"
        /// An amount above Stripe's maximum (``StripeLimits/maximumAmount``, 8 digits); Stripe's
        /// own code is `amount_too_large`.
        public static let amountTooLarge = "validation.amount_too_large"
        /// An amount below Stripe's minimum charge in its currency (``StripeLimits/minimumCharge``);
        /// Stripe's own code is `amount_too_small`.
        public static let amountTooSmall = "validation.amount_too_small"
        /// A string longer than Stripe takes for the field it is copied into (`order_reference`
        /// into `client_reference_id`: 200 characters).
        public static let tooLong = "validation.too_long"
        /// A list with more elements than Stripe takes (Checkout: 100 line items).
        public static let tooManyItems = "validation.too_many_items"
        /// `metadata` Stripe would refuse: too many keys, a key over 40 characters or with `[`/`]`,
        /// a value over 500 characters.
        public static let invalidMetadata = "validation.invalid_metadata"
        /// A string (or metadata key) containing the NUL character U+0000, which neither Stripe
        /// nor Postgres stores.
        public static let nulCharacter = "validation.nul_character"
        /// A currency is not a lowercase, known ISO 4217 code.
        public static let invalidCurrency = "validation.invalid_currency"
        /// The application fee is negative or greater than the amount.
        public static let feeExceedsAmount = "validation.fee_exceeds_amount"
        /// A URL is not absolute, or not `https` where `https` is required.
        public static let invalidURL = "validation.invalid_url"
        /// A field the chosen Checkout `ui_mode` does not take (e.g. `success_url` with
        /// `elements`, `return_url` with `redirect_on_completion: never`).
        public static let fieldNotForUIMode = "validation.field_not_for_ui_mode"
        /// `return_url` without the `{CHECKOUT_SESSION_ID}` placeholder.
        public static let returnURLPlaceholder = "validation.return_url_placeholder"
        /// A payment method type Checkout does not offer.
        public static let unknownPaymentMethodType = "validation.unknown_payment_method_type"
        /// An id does not have the expected Stripe prefix (e.g. `acct_`).
        public static let invalidId = "validation.invalid_id"
        /// The message type is not one this service handles.
        public static let unknownMessage = "validation.unknown_message"
        /// A command was published again with a `message_id` the service already handled, but
        /// with a different body (as Stripe's `idempotency_error` for a reused key): refused,
        /// never handled; a new command needs a new `message_id`.
        public static let messageIdReused = "conflict.message_id_reused"
        /// A command whose `x-schema-version` is newer than the replica's (Runtime's
        /// `SchemaVersionGate`): retried, then parked until a replica of the newer release takes it.
        public static let schemaTooNew = "version.schema_too_new"
        /// The broker redelivered the message `REDELIVERY_LIMIT` times without it being settled
        /// (its worker died or lost its connection each time, e.g. a message that crashes it):
        /// parked without running the handler, never retried (Runtime's `RedeliveryPolicy`).
        public static let redeliveryLimit = "delivery.redelivery_limit"
        /// The connected account is unknown.
        public static let accountNotFound = "not_found.account"
        /// The order is unknown.
        public static let orderNotFound = "not_found.order"
        /// The price is unknown.
        public static let priceNotFound = "not_found.price"
        /// The PaymentIntent is unknown.
        public static let paymentIntentNotFound = "not_found.payment_intent"
        /// The Terminal reader is unknown.
        public static let readerNotFound = "not_found.reader"
        /// The customer is unknown.
        public static let customerNotFound = "not_found.customer"
        /// A second capture was asked for an already captured payment.
        public static let alreadyCaptured = "conflict.already_captured"
        /// The country is one where Stripe cannot create connected accounts (``ConnectCountries``).
        public static let unsupportedCountry = "validation.unsupported_country"
        /// Stripe does not let the platform change this field on this account (its controller,
        /// or onboarding has started); see `onboarding.update_account`.
        public static let updateNotAllowed = "conflict.update_not_allowed"
        /// The account has no Express dashboard, so it has no login link.
        public static let notExpressDashboard = "conflict.not_express_dashboard"
        /// The seller reference is already used by another account.
        public static let duplicateReference = "conflict.duplicate_reference"
        /// The connected account cannot take charges yet.
        public static let accountNotReady = "conflict.account_not_ready"
        /// A refund asks for more than is left to refund.
        public static let refundExceedsAmount = "conflict.refund_exceeds_amount"
        /// A capture asks for more than the authorization (and any allowed over-capture) covers.
        public static let captureExceedsAuthorized = "conflict.capture_exceeds_authorized"
        /// The authorization expired before the capture.
        public static let authorizationExpired = "conflict.authorization_expired"
        /// The payment is not in a state that allows the operation.
        public static let invalidState = "conflict.invalid_state"
        /// The PaymentIntent is not an in-person payment (`payment_method_types` has neither
        /// `card_present` nor `interac_present`).
        public static let notCardPresent = "conflict.not_card_present"
        /// The PaymentIntent or its card does not allow incremental authorization.
        public static let incrementalAuthorizationUnsupported = "conflict.incremental_authorization_unsupported"
        /// An increment that does not raise the authorized amount.
        public static let amountNotIncreased = "conflict.amount_not_increased"
        /// The card collected on the reader was not confirmed within 30 seconds.
        public static let collectionExpired = "conflict.collection_expired"
        /// An `interac_present` payment: refunds are made on the reader, in person.
        public static let refundInPerson = "conflict.refund_in_person"
        /// A reader cart whose `total` is not Σ amount × quantity + tax.
        public static let cartTotalMismatch = "validation.cart_total_mismatch"
        /// A command asking for `interac_present` with `capture_method` `manual`.
        public static let interacManualCaptureRequested = "validation.interac_manual_capture"
        /// `capture_method` `manual` for a Canadian account whose PaymentIntent would take
        /// `interac_present`: Interac payments are captured at once.
        public static let interacManualCapture = "conflict.interac_manual_capture"
        /// A time zone that is not an IANA name the service knows.
        public static let invalidTimeZone = "validation.invalid_time_zone"
        /// `interac_present` for an account that is not Canadian.
        public static let interacUnavailable = "conflict.interac_unavailable"
        /// The reader is busy with another action.
        public static let readerBusy = "conflict.reader_busy"
        /// The reader is offline.
        public static let readerOffline = "conflict.reader_offline"
        /// A dispute the service has not recorded on the account.
        public static let disputeNotFound = "not_found.dispute"
        /// A dispute under review or closed: no more evidence, no acceptance.
        public static let disputeNotOpen = "conflict.dispute_not_open"
        /// A shipping method the platform's rules do not offer for the address and currency.
        public static let shippingMethodUnavailable = "validation.shipping_method_unavailable"
        /// A statement's range that is empty (`to` not after `from`) or longer than a year.
        public static let statementRange = "validation.statement_range"
        /// An unexpected failure inside the service.
        public static let `internal` = "internal"
        /// The operation did not finish in time; retryable.
        public static let timeout = "timeout"
        /// The prefix of Stripe-originated codes: `stripe.<code or type>`.
        public static let stripePrefix = "stripe."
    }
}
