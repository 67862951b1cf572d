/// The error codes of the notifications commands (DESIGN §4 "Error codes per command"): each
/// command's route kind and its own codes. The runtime's codes and the limit codes of the fields
/// are added by the catalogue (``CommandErrorCodes/answerable(limits:)``).
public enum NotificationsErrorCodes {}

extension BackfillStripeEvents: DeclaresErrorCodes {
    /// `notifications.backfill`'s error codes.
    public static let errorCodes = CommandErrorCodes(.database, [])
}
