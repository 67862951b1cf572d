public import Messages

/// The check `onboarding.complete_oauth` makes of the state it was given, before Stripe is
/// called. Pure.
public enum OAuthStateCheck {
    /// Why `complete_oauth` must refuse `stored` (the row found for the command's state, or
    /// nil) at Unix time `now`, or nil when it may go on: unknown
    /// (`validation.oauth_state_unknown`), used (`conflict.oauth_state_used`), expired
    /// (`conflict.oauth_state_expired`). Pure.
    public static func refusal(_ stored: OAuthState?, now: Int64) -> ReplyError? {
        guard let stored else {
            return ReplyError(code: ReplyError.Code.oauthStateUnknown, message: "state was not issued by this service", field: "state")
        }
        if stored.used {
            return ReplyError(code: ReplyError.Code.oauthStateUsed, message: "state was already used: ask for a new OAuth link")
        }
        if now >= stored.expiresAt {
            return ReplyError(code: ReplyError.Code.oauthStateExpired, message: "state expired: ask for a new OAuth link")
        }
        return nil
    }
}
