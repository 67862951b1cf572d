/// Stripe's bounds on a charge's amount, checked as Stripe checks them: at most 8 digits in
/// any currency, and at least the presentment currency's minimum charge
/// (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). Errors are Stripe's
/// `amount_too_large` / `amount_too_small` with its wording ("Amount must be at least $0.50
/// usd"). Kept apart from the suite's own table on purpose (the simulator shares nothing with
/// the client), so a wrong number on one side shows up as a failing test. Pure; thread-safe.
enum ChargeAmountLimits {
    /// Stripe's maximum amount, in the smallest unit: "up to eight digits".
    static let maximum = 99_999_999

    /// The minimum charge per currency in its smallest unit (Stripe's table).
    static let minimum: [String: Int] = [
        "usd": 50, "aed": 200, "aud": 50, "bgn": 100, "brl": 50, "cad": 50, "chf": 50, "czk": 1500,
        "dkk": 250, "eur": 50, "gbp": 30, "hkd": 400, "huf": 17500, "inr": 50, "jpy": 50, "mxn": 1000,
        "myr": 200, "nok": 300, "nzd": 50, "pln": 200, "ron": 200, "sek": 300, "sgd": 50, "thb": 1000,
    ]

    /// Currencies whose amounts are whole units.
    static let zeroDecimal: Set<String> = [
        "bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf",
    ]

    /// Throws Stripe's error when `amount` (smallest unit of `currency`) is outside its bounds.
    /// - Parameter subject: the start of the message: `Amount` for a PaymentIntent, `The Checkout
    ///   Session's total amount due` for a session.
    /// - Throws: 400 `amount_too_small` or `amount_too_large` naming `param`.
    static func check(_ amount: Int, currency: String, param: String, subject: String = "Amount") throws(SimError) {
        if amount > maximum {
            throw SimError.invalidRequest(
                "\(subject) must be no more than \(format(maximum, currency))", param: param, code: "amount_too_large")
        }
        let least = minimum[currency] ?? 1
        if amount < least {
            let verb = subject == "Amount" ? "be at least" : "add up to at least"
            throw SimError.invalidRequest(
                "\(subject) must \(verb) \(format(least, currency)) \(currency)", param: param, code: "amount_too_small")
        }
    }

    /// `$0.50`, `€0.50`, `¥50`, `999,999.99`: the amount in major units with Stripe's symbol
    /// for the common currencies.
    static func format(_ amount: Int, _ currency: String) -> String {
        let symbols = ["usd": "$", "eur": "€", "gbp": "£", "jpy": "¥", "aud": "$", "cad": "$", "nzd": "$", "sgd": "$", "hkd": "$", "mxn": "$"]
        let symbol = symbols[currency] ?? ""
        if zeroDecimal.contains(currency) { return symbol + grouped(amount) }
        let cents = amount % 100
        return symbol + grouped(amount / 100) + "." + (cents < 10 ? "0\(cents)" : "\(cents)")
    }

    private static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }
}
