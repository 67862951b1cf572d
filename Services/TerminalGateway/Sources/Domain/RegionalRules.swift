public import Messages

/// The country rules of a Terminal PaymentIntent (Stripe's Terminal "Regional
/// considerations"): which `capture_method` and `payment_method_types` to send for the
/// connected account's country.
///
/// - Canada (`CA`): `interac_present` is added to `card_present` unless the command names
///   its types; Interac payments cannot be captured manually (Stripe removed `manual` for
///   `interac_present` in API version 2025-03-31), so the default capture becomes `automatic`
///   and an explicit `manual` with Interac is refused (`conflict.interac_manual_capture`).
/// - Australia (`AU`): `manual` (the default) is sent as `manual_preferred`, so eftpos cards
///   that cannot be captured later are captured at once.
/// - `interac_present` for an account that is not Canadian (or the platform's own payments):
///   `conflict.interac_unavailable`.
/// Pure; thread-safe.
public enum RegionalRules {
    /// What to send to Stripe.
    public struct Choice: Sendable, Equatable {
        /// `capture_method`.
        public var captureMethod: TerminalCaptureMethod
        /// `payment_method_types`, `card_present` first.
        public var paymentMethodTypes: [TerminalPaymentMethodType]
    }

    /// The choice for an account of `country` (nil: unknown, or the platform's own payment)
    /// given what the command asked for.
    /// - Returns: the choice, or the reply error refusing it.
    public static func decide(
        country: String?, captureMethod: TerminalCaptureMethod?,
        paymentMethodTypes: [TerminalPaymentMethodType]?
    ) -> Result<Choice, ReplyError> {
        let canadian = country == "CA"
        let types = paymentMethodTypes ?? (canadian ? [.cardPresent, .interacPresent] : [.cardPresent])
        let interac = types.contains(.interacPresent)
        if interac && !canadian {
            return .failure(
                ReplyError(
                    code: ReplyError.Code.interacUnavailable,
                    message:
                        "interac_present is for Canadian accounts only (this account's country is \(country ?? "unknown"))"))
        }
        var capture = captureMethod ?? (interac ? .automatic : .manual)
        if interac && capture == .manual {
            return .failure(
                ReplyError(
                    code: ReplyError.Code.interacManualCapture,
                    message:
                        "a Canadian account's PaymentIntent takes interac_present, which cannot be captured manually: "
                        + "send capture_method automatic, or payment_method_types [\"card_present\"] for manual capture"))
        }
        if country == "AU" && capture == .manual { capture = .manualPreferred }
        return .success(Choice(captureMethod: capture, paymentMethodTypes: types))
    }
}
