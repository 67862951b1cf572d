import Foundation
import Testing

@testable import RuntimeCore

@Suite("LogLimiter")
struct LogLimiterTests {
    @Test("one line per key and interval; the next line counts the ones held back; keys are independent")
    func oneLinePerInterval() {
        let limiter = LogLimiter(interval: .seconds(60))
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(limiter.admit("platform/no_matching_signature", at: start) == 0)
        for second in 1..<4 {
            #expect(limiter.admit("platform/no_matching_signature", at: start.addingTimeInterval(Double(second))) == nil)
        }
        #expect(limiter.admit("connect/no_matching_signature", at: start.addingTimeInterval(5)) == 0)
        #expect(limiter.admit("platform/no_matching_signature", at: start.addingTimeInterval(59.9)) == nil)
        #expect(limiter.admit("platform/no_matching_signature", at: start.addingTimeInterval(60)) == 4)
        #expect(limiter.admit("platform/no_matching_signature", at: start.addingTimeInterval(130)) == 0)
    }
}
