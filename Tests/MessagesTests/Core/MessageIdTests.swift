import Foundation
import Testing

@testable import Messages

@Suite("Message ids")
struct MessageIdTests {
    @Test func idsAreLowercaseVersion4UUIDsThatFoundationReadsBack() throws {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let id = Envelope.newMessageId()
            #expect(id.utf8.count == 36)
            #expect(id == id.lowercased())
            let uuid = try #require(UUID(uuidString: id))
            #expect(uuid.uuidString.lowercased() == id)
            let bytes = uuid.uuid
            #expect(bytes.6 >> 4 == 4)  // version 4
            #expect(bytes.8 >> 6 == 0b10)  // RFC 9562 variant
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
    }

    @Test func theTextIsEightFourFourFourTwelveHexDigits() {
        #expect(
            MessageId.format(high: 0x0123_4567_89ab_4def, low: 0x8123_4567_89ab_cdef)
                == "01234567-89ab-4def-8123-456789abcdef")
        #expect(MessageId.format(high: 0, low: 0) == "00000000-0000-0000-0000-000000000000")
        #expect(MessageId.format(high: .max, low: .max) == "ffffffff-ffff-ffff-ffff-ffffffffffff")
    }
}
