/// Stripe's payout `failure_code`s in plain words for a seller, with what to do about each
/// (https://docs.stripe.com/api/payouts/failures). Pure data; thread-safe.
enum PayoutFailureText {
    /// What the seller reads: the reason and the next step.
    struct Text: Equatable {
        /// Why the bank refused it, one sentence.
        var failure: String
        /// What the seller should do, one or two sentences.
        var whatToDo: String
    }

    /// The next step for a bank account that must be replaced or corrected.
    static let updateAccount = "Please check the account details, or add another bank account, in your payout settings."

    /// The text for `code` (Stripe's `failure_code`); an unknown or absent code gets Stripe's
    /// own message, when there is one, and the general advice.
    static func text(code: String?, stripeMessage: String?) -> Text {
        switch code {
        case "account_closed":
            Text(failure: "your bank says the account has been closed.", whatToDo: "Please add an open bank account in your payout settings.")
        case "no_account", "invalid_account_number":
            Text(
                failure: "your bank could not find an account with the number and routing details on file.",
                whatToDo: updateAccount)
        case "account_frozen":
            Text(
                failure: "your bank has frozen the account.",
                whatToDo: "Please contact your bank, or add another bank account in your payout settings.")
        case "bank_account_restricted":
            Text(
                failure: "your bank account does not accept this kind of payment.",
                whatToDo: "Please ask your bank to allow incoming transfers, or add another bank account in your payout settings.")
        case "bank_ownership_changed":
            Text(
                failure: "the bank that held your account has changed, and your account details must be given again.",
                whatToDo: "Please enter your bank account again in your payout settings.")
        case "debit_not_authorized":
            Text(
                failure: "your bank refused it because the account does not accept debits, which payouts need to be reversible.",
                whatToDo: "Please ask your bank to allow debits from Stripe, or add another bank account in your payout settings.")
        case "insufficient_funds":
            Text(
                failure: "your Stripe balance could not cover it at the time.",
                whatToDo: "Nothing needs to change on your bank account: the next payout is tried once your balance covers it.")
        case "invalid_currency":
            Text(
                failure: "your bank account cannot receive money in this currency.",
                whatToDo: "Please add a bank account in this currency in your payout settings.")
        case "unsupported_card", "incorrect_account_holder_name", "incorrect_account_holder_address", "incorrect_account_holder_tax_id":
            Text(failure: "the name, address or tax details do not match what your bank holds.", whatToDo: updateAccount)
        case "declined", "could_not_process":
            Text(
                failure: "your bank could not process it.",
                whatToDo: "Please check the account with your bank, or add another one in your payout settings.")
        default:
            Text(failure: stripeMessage.map { $0.hasSuffix(".") ? $0 : $0 + "." } ?? "your bank refused it.", whatToDo: updateAccount)
        }
    }
}
