/// How a payment method type reads in a message to a buyer. Pure; thread-safe.
enum PaymentMethodName {
    /// `us_bank_account` → "bank account (ACH Direct Debit)", `sepa_debit` → "SEPA Direct Debit",
    /// other or unknown types → "bank debit".
    static func text(_ type: String?) -> String {
        switch type {
        case "us_bank_account": "bank account (ACH Direct Debit)"
        case "sepa_debit": "SEPA Direct Debit"
        case "bacs_debit": "Bacs Direct Debit"
        case "acss_debit": "pre-authorized debit"
        case "au_becs_debit": "BECS Direct Debit"
        default: "bank debit"
        }
    }
}
