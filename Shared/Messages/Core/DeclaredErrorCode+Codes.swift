extension DeclaredErrorCode {
    // The codes commands declare in their domain's table (`…ErrorCodes.swift`), each with the
    // meaning a platform reads in the catalogue's `error_codes` and AsyncAPI's `x-error-codes`.

    /// `validation.invalid_id`.
    public static let invalidId = DeclaredErrorCode(ReplyError.Code.invalidId, "an id without its Stripe prefix (acct_, pi_, tmr_, cus_, …)")
    /// `validation.invalid_amount`.
    public static let invalidAmount = DeclaredErrorCode(
        ReplyError.Code.invalidAmount, "an amount that is not a positive integer in the smallest unit")
    /// `validation.invalid_currency`.
    public static let invalidCurrency = DeclaredErrorCode(ReplyError.Code.invalidCurrency, "a currency that is not a lowercase ISO 4217 code")
    /// `validation.fee_exceeds_amount`.
    public static let feeExceedsAmount = DeclaredErrorCode(
        ReplyError.Code.feeExceedsAmount, "application_fee_amount is negative or above the amount (or the inline total)")
    /// `validation.invalid_url`.
    public static let invalidURL = DeclaredErrorCode(ReplyError.Code.invalidURL, "a URL that is not absolute https")
    /// `validation.too_long` (``SchemaLimit/maxLength(_:)``).
    public static let tooLong = DeclaredErrorCode(ReplyError.Code.tooLong, "a string is longer than Stripe takes for the field it is copied into")
    /// `validation.amount_too_large` (``SchemaLimit/maximumAmount(_:)``).
    public static let amountTooLarge = DeclaredErrorCode(ReplyError.Code.amountTooLarge, "an amount above Stripe's maximum (8 digits)")
    /// `validation.amount_too_small` (``SchemaLimit/minimumCharge(amount:currency:)``, and a Checkout Session's inline total).
    public static let amountTooSmall = DeclaredErrorCode(
        ReplyError.Code.amountTooSmall, "an amount (or Checkout's inline total) below Stripe's minimum charge in its currency")
    /// `validation.too_many_items` (``SchemaLimit/maxItems(_:)``).
    public static let tooManyItems = DeclaredErrorCode(ReplyError.Code.tooManyItems, "a list with more elements than Stripe takes")
    /// `validation.invalid_metadata` (``SchemaLimit/metadata(keys:)``).
    public static let invalidMetadata = DeclaredErrorCode(
        ReplyError.Code.invalidMetadata, "metadata Stripe would refuse: too many keys, a key over 40 characters or with [ ], a value over 500")
    /// `validation.unsupported_country`.
    public static let unsupportedCountry = DeclaredErrorCode(
        ReplyError.Code.unsupportedCountry, "a country where Stripe cannot create connected accounts")
    /// `validation.customer_required`.
    public static let customerRequired = DeclaredErrorCode(
        ReplyError.Code.customerRequired, "saving or recollecting a payment method without the buyer (customer or customer_reference)")
    /// `validation.cvc_recollection_not_card`.
    public static let cvcRecollectionNotCard = DeclaredErrorCode(
        ReplyError.Code.cvcRecollectionNotCard, "require_cvc_recollection without card among the payment method types")
    /// `validation.unknown_payment_method_type`.
    public static let unknownPaymentMethodType = DeclaredErrorCode(
        ReplyError.Code.unknownPaymentMethodType, "a payment method type the suite does not offer online")
    /// `validation.field_not_for_ui_mode`.
    public static let fieldNotForUIMode = DeclaredErrorCode(ReplyError.Code.fieldNotForUIMode, "a field the chosen Checkout ui_mode does not take")
    /// `validation.return_url_placeholder`.
    public static let returnURLPlaceholder = DeclaredErrorCode(
        ReplyError.Code.returnURLPlaceholder, "return_url without the {CHECKOUT_SESSION_ID} placeholder")
    /// `validation.payment_method_currency`.
    public static let paymentMethodCurrency = DeclaredErrorCode(
        ReplyError.Code.paymentMethodCurrency, "a payment method type offered in a currency it does not take (iDEAL with usd)")
    /// `validation.invalid_domain`.
    public static let invalidDomain = DeclaredErrorCode(ReplyError.Code.invalidDomain, "domain_name is not a hostname")
    /// `validation.invalid_time_zone`.
    public static let invalidTimeZone = DeclaredErrorCode(ReplyError.Code.invalidTimeZone, "a time zone that is not a known IANA name")
    /// `validation.cart_total_mismatch`.
    public static let cartTotalMismatch = DeclaredErrorCode(ReplyError.Code.cartTotalMismatch, "the cart's total is not Σ amount × quantity + tax")
    /// `validation.interac_manual_capture`.
    public static let interacManualCaptureRequested = DeclaredErrorCode(
        ReplyError.Code.interacManualCaptureRequested, "interac_present asked for with capture_method manual")

    /// `not_found.account`.
    public static let accountNotFound = DeclaredErrorCode(ReplyError.Code.accountNotFound, "the connected account is unknown to the service")
    /// `not_found.account_link`.
    public static let accountLinkNotFound = DeclaredErrorCode("not_found.account_link", "no account link was created for this account")
    /// `not_found.order`.
    public static let orderNotFound = DeclaredErrorCode(ReplyError.Code.orderNotFound, "no order with this order_reference on the account")
    /// `not_found.customer`.
    public static let customerNotFound = DeclaredErrorCode(ReplyError.Code.customerNotFound, "the buyer is unknown on the account")

    /// `conflict.invalid_state`.
    public static let invalidState = DeclaredErrorCode(ReplyError.Code.invalidState, "the object is not in a state that allows the operation")
    /// `conflict.concurrent_update`.
    public static let concurrentUpdate = DeclaredErrorCode(
        "conflict.concurrent_update", "the order changed meanwhile; retried at once, then parked")
    /// `conflict.account_exists`.
    public static let accountExists = DeclaredErrorCode(
        "conflict.account_exists", "another create recorded this seller meanwhile; retried, then parked")
    /// `conflict.duplicate_reference`.
    public static let duplicateReference = DeclaredErrorCode(ReplyError.Code.duplicateReference, "the reference is already used by another object")
    /// `conflict.update_not_allowed`.
    public static let updateNotAllowed = DeclaredErrorCode(
        ReplyError.Code.updateNotAllowed, "Stripe does not let the platform change this field on this account")
    /// `conflict.not_express_dashboard`.
    public static let notExpressDashboard = DeclaredErrorCode(ReplyError.Code.notExpressDashboard, "the account has no Express dashboard")
    /// `conflict.account_not_ready`.
    public static let accountNotReady = DeclaredErrorCode(ReplyError.Code.accountNotReady, "the connected account cannot take charges yet")
    /// `conflict.customer_mismatch`.
    public static let customerMismatch = DeclaredErrorCode(
        ReplyError.Code.customerMismatch, "the order's open PaymentIntent belongs to another buyer")
    /// `conflict.no_saved_payment_method`.
    public static let noSavedPaymentMethod = DeclaredErrorCode(
        ReplyError.Code.noSavedPaymentMethod, "the buyer has no saved payment method on the account")
    /// `conflict.payment_method_not_saved`.
    public static let paymentMethodNotSaved = DeclaredErrorCode(
        ReplyError.Code.paymentMethodNotSaved, "the payment method is not saved for this buyer on this account")
    /// `conflict.refund_exceeds_amount`.
    public static let refundExceedsAmount = DeclaredErrorCode(ReplyError.Code.refundExceedsAmount, "the refund asks for more than is left to refund")
    /// `conflict.already_captured`.
    public static let alreadyCaptured = DeclaredErrorCode(ReplyError.Code.alreadyCaptured, "the payment was already captured")
    /// `conflict.already_refunded`.
    public static let alreadyRefunded = DeclaredErrorCode("conflict.already_refunded", "the payment was already refunded in full")
    /// `conflict.authorization_expired`.
    public static let authorizationExpired = DeclaredErrorCode(ReplyError.Code.authorizationExpired, "the authorization expired")
    /// `conflict.not_card_present`.
    public static let notCardPresent = DeclaredErrorCode(ReplyError.Code.notCardPresent, "the PaymentIntent is not an in-person payment")
    /// `conflict.incremental_authorization_unsupported`.
    public static let incrementalAuthorizationUnsupported = DeclaredErrorCode(
        ReplyError.Code.incrementalAuthorizationUnsupported, "the PaymentIntent or its card does not allow incremental authorization")
    /// `conflict.amount_not_increased`.
    public static let amountNotIncreased = DeclaredErrorCode(ReplyError.Code.amountNotIncreased, "the new amount does not raise the authorization")
    /// `conflict.collection_expired`.
    public static let collectionExpired = DeclaredErrorCode(
        ReplyError.Code.collectionExpired, "the collected card was not confirmed within 30 seconds")
    /// `conflict.refund_in_person`.
    public static let refundInPerson = DeclaredErrorCode(ReplyError.Code.refundInPerson, "an interac_present payment is refunded on the reader")
    /// `conflict.interac_manual_capture`.
    public static let interacManualCapture = DeclaredErrorCode(
        ReplyError.Code.interacManualCapture, "capture_method manual for a Canadian account taking interac_present")
    /// `conflict.interac_unavailable`.
    public static let interacUnavailable = DeclaredErrorCode(
        ReplyError.Code.interacUnavailable, "interac_present for an account that is not Canadian")
    /// `conflict.order_in_progress`.
    public static let orderInProgress = DeclaredErrorCode(
        "conflict.order_in_progress", "another message is creating this order's PaymentIntent; retried, then parked")
    /// `not_found.dispute`.
    public static let disputeNotFound = DeclaredErrorCode(
        ReplyError.Code.disputeNotFound, "the service has recorded no such dispute on the account (its webhook not seen yet)")
    /// `conflict.dispute_not_open`.
    public static let disputeNotOpen = DeclaredErrorCode(
        ReplyError.Code.disputeNotOpen, "the dispute no longer awaits a response (under review or closed)")
    /// `validation.shipping_method_unavailable`.
    public static let shippingMethodUnavailable = DeclaredErrorCode(
        ReplyError.Code.shippingMethodUnavailable,
        "shipping_method is not offered for the shipping address and currency by the platform's shipping rules (payments.quote_shipping lists what is)"
    )
    /// `validation.statement_range`.
    public static let statementRange = DeclaredErrorCode(
        ReplyError.Code.statementRange, "to is not after from, or the range is longer than 366 days")
    /// `validation.oauth_state_unknown`.
    public static let oauthStateUnknown = DeclaredErrorCode(ReplyError.Code.oauthStateUnknown, "a state this service did not issue")
    /// `conflict.oauth_state_used`.
    public static let oauthStateUsed = DeclaredErrorCode(ReplyError.Code.oauthStateUsed, "the state was already used: it is accepted once")
    /// `conflict.oauth_state_expired`.
    public static let oauthStateExpired = DeclaredErrorCode(ReplyError.Code.oauthStateExpired, "the state is older than an hour: ask for a new link")
    /// `conflict.oauth_code_invalid`.
    public static let oauthCodeInvalid = DeclaredErrorCode(
        ReplyError.Code.oauthCodeInvalid, "Stripe refused the code (invalid_grant): used already, expired or another platform's")
    /// `conflict.oauth_not_configured`.
    public static let oauthNotConfigured = DeclaredErrorCode(
        ReplyError.Code.oauthNotConfigured, "the service has no Connect client id (STRIPE_CONNECT_CLIENT_ID)")
    /// `conflict.not_connected`.
    public static let notConnected = DeclaredErrorCode(
        ReplyError.Code.notConnected, "Stripe says the account is not connected to the platform's application (invalid_client)")
    /// `conflict.account_already_connected`.
    public static let accountAlreadyConnected = DeclaredErrorCode(
        ReplyError.Code.accountAlreadyConnected, "the authorized Stripe account is recorded under another seller reference")
}
