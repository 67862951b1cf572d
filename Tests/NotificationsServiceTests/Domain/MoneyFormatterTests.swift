import NotificationsService
import Testing

@Suite("MoneyFormatter")
struct MoneyFormatterTests {
    @Test(
        "two-decimal currencies with symbols",
        arguments: [
            (1250, "eur", "€12.50"), (5, "eur", "€0.05"), (123_456, "usd", "$1,234.56"), (100, "GBP", "£1.00"),
            (-1250, "eur", "-€12.50"),
        ])
    func symbols(amount: Int, currency: String, expected: String) {
        #expect(MoneyFormatter.format(amount: amount, currency: currency) == expected)
    }

    @Test(
        "zero- and three-decimal currencies, codes without a symbol",
        arguments: [
            (500, "jpy", "¥500"), (1_000_000, "krw", "1,000,000 KRW"), (1234, "kwd", "1.234 KWD"),
            (1250, "chf", "12.50 CHF"), (7, "bhd", "0.007 BHD"),
        ])
    func digits(amount: Int, currency: String, expected: String) {
        #expect(MoneyFormatter.format(amount: amount, currency: currency) == expected)
    }
}
