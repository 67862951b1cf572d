/// Fresh `message_id`s: random (version 4, RFC 9562 §5.4) UUIDs in lowercase text, from the
/// system's random number generator (`getrandom(2)` on Linux, two calls of 8 bytes).
///
/// Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` for every UUID
/// (three system calls and a file descriptor each time), which showed up on every message
/// a worker publishes; this reads the same kernel source without the file. The text form is
/// Foundation's (`8-4-4-4-12` hex digits), lowercased, so `UUID(uuidString:)` reads it back.
/// Thread-safety: stateless; safe from any thread.
enum MessageId {
    /// A new random UUID, lowercase (36 characters).
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let first: UInt64 = generator.next()
        let second: UInt64 = generator.next()
        let high = (first & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (second & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return format(high: high, low: low)
    }

    /// The `8-4-4-4-12` lowercase text of the 128 bits `high` (first) and `low`.
    static func format(high: UInt64, low: UInt64) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 36) { buffer in
            digits.withUTF8Buffer { hex in
                var index = 0
                func put(_ value: UInt64, nibbles: Int) {
                    for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
                        buffer[index] = hex[Int((value >> UInt64(shift)) & 0xF)]
                        index += 1
                    }
                }
                func dash() {
                    buffer[index] = UInt8(ascii: "-")
                    index += 1
                }
                put(high >> 32, nibbles: 8)
                dash()
                put((high >> 16) & 0xFFFF, nibbles: 4)
                dash()
                put(high & 0xFFFF, nibbles: 4)
                dash()
                put(low >> 48, nibbles: 4)
                dash()
                put(low & 0xFFFF_FFFF_FFFF, nibbles: 12)
            }
            return 36
        }
    }
}
