import Foundation

/// What Stripe says of a card number before it looks it up: digits only (spaces and dashes
/// typed by a person dropped), 12 to 19 of them, and a valid Luhn check digit. A number that
/// fails the Luhn check is `incorrect_number` ("Your card number is incorrect."); one that is
/// not a card number at all (letters, too short or long) is `invalid_number` ("Your card
/// number is invalid."), as docs.stripe.com/error-codes names them. Both are 402
/// `card_error` on `card[number]` when a PaymentMethod is created.
enum CardNumberCheck {
    /// The refusal of `number`, or nil when it may be a card number.
    static func problem(_ number: String) -> (code: String, message: String)? {
        let digits = number.filter { !$0.isWhitespace && $0 != "-" }
        guard (12...19).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return ("invalid_number", "Your card number is invalid.")
        }
        return passesLuhn(digits) ? nil : ("incorrect_number", "Your card number is incorrect.")
    }

    /// The Luhn (mod 10) check of a string of ASCII digits.
    static func passesLuhn(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard var digit = character.wholeNumberValue else { return false }
            if index % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }

    /// The API's refusal: 402 `card_error` with the code and message, `param` `card[number]`.
    static func error(_ number: String) -> SimError? {
        guard let (code, message) = problem(number) else { return nil }
        return SimError(status: 402, type: "card_error", code: code, message: message, param: "card[number]")
    }

    /// Whether a card expiring at the end of `month`/`year` (two- or four-digit year) has
    /// expired at `now` (Unix seconds, UTC): a card is valid through its expiry month.
    static func isExpired(month: Int, year: Int, now: Int) -> Bool {
        let fullYear = year < 100 ? 2000 + year : year
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let today = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: TimeInterval(now)))
        let (y, m) = (today.year ?? 0, today.month ?? 0)
        return fullYear < y || (fullYear == y && month < m)
    }

    /// Month and year of an expiry typed as `MM / YY`, `MM/YYYY` or `MMYY`; nil when unreadable.
    static func expiry(_ text: String) -> (month: Int, year: Int)? {
        let digits = text.filter { $0.isASCII && $0.isNumber }
        let parts = text.split(whereSeparator: { $0 == "/" }).map { $0.filter { $0.isASCII && $0.isNumber } }
        let (m, y): (String, String) =
            parts.count == 2 ? (parts[0], parts[1]) : (String(digits.prefix(2)), String(digits.dropFirst(2)))
        guard let month = Int(m), let year = Int(y), (1...12).contains(month), y.count == 2 || y.count == 4 else { return nil }
        return (month, year)
    }
}
