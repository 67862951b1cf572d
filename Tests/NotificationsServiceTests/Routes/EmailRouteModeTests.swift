import NotificationsService
import Runtime
import Testing

/// The e-mail route sends SMTP, not Stripe requests: it runs one message at a time without
/// taking the process's Stripe rate-limit tokens.
@Suite("E-mail route mode")
struct EmailRouteModeTests {
    @Test func theEmailRouteRunsOneAtATimeWithoutTheStripeRateLimit() throws {
        let smtp = try SMTPSettings(url: "smtp://127.0.0.1:2525", from: "Shop <shop@example.com>")
        let routes = try NotificationsService.emailRoutes(
            schema: "notifications",
            settings: NotificationsTestBed.settings(smtp: smtp))
        #expect(routes.map(\.mode) == [.oneAtATime(rateLimited: false)])
        #expect(routes.allSatisfy { !$0.mode.isRateLimited })
    }
}
