/// Stripe's test bank accounts that make payouts fail
/// (https://docs.stripe.com/connect/testing#payouts): the account numbers of the testing
/// docs (US `000111111116` …, with routing number `110000000`; their 9-digit, UK and IBAN
/// forms) and the `btok_us_verified_*` tokens. A bank account added with one of them is
/// remembered (hidden, ``annotationKey(_:)``) so its payouts fail with Stripe's `failure_code`.
enum PayoutTestAccounts {
    /// Failure code by test account number.
    static let byAccountNumber: [String: String] = [
        "000111111116": "no_account", "000111111113": "account_closed", "000222222227": "insufficient_funds",
        "000333333335": "debit_not_authorized", "000444444440": "invalid_currency",
        "111111116": "no_account", "111111113": "account_closed", "222222227": "insufficient_funds",
        "333333335": "debit_not_authorized", "444444440": "invalid_currency",
        "11111116": "no_account", "11111113": "account_closed", "22222227": "insufficient_funds",
        "33333335": "debit_not_authorized", "44444440": "invalid_currency",
        "DE62370400440532013001": "no_account", "DE89370400440532013002": "account_closed",
        "DE89370400440532013003": "insufficient_funds", "DE89370400440532013004": "debit_not_authorized",
        "DE89370400440532013005": "invalid_currency",
    ]
    /// Failure code by test bank account token.
    static let byToken: [String: String] = [
        "btok_us_verified_noAccount": "no_account", "btok_us_verified_accountClosed": "account_closed",
        "btok_us_verified_insufficientFunds": "insufficient_funds", "btok_us_verified_debitNotAuthorized": "debit_not_authorized",
        "btok_us_verified_invalidCurrency": "invalid_currency",
    ]
    /// Stripe's `failure_message` for each code it sets on a failed payout.
    static let messages: [String: String] = [
        "no_account": "The bank account details on file are probably incorrect. No bank account could be located with those details.",
        "account_closed": "The bank account has been closed.",
        "insufficient_funds": "Your Stripe account has insufficient funds to cover the payout.",
        "debit_not_authorized":
            "Debit transactions are not approved on the bank account. Stripe requires bank accounts to be set up for both credit and debit payouts.",
        "invalid_currency":
            "The bank was unable to process this payout because of its currency. This is probably because the bank account cannot accept payments in that currency.",
    ]

    /// The hidden key under which a bank account's failure code is kept.
    static func annotationKey(_ bankAccount: String) -> String { "payout_failure:\(bankAccount)" }

    /// The failure code the `external_account` parameter's test number or token asks for, if any.
    static func failureCode(_ params: Params) throws(SimError) -> String? {
        if let token = try? params.string("external_account") { return byToken[token] }
        guard let details = try params.hash("external_account") else { return nil }
        return try details.string("account_number").flatMap { byAccountNumber[$0] }
    }
}
