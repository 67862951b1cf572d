/// The parts of a `Stripe-Signature` header, read byte by byte (no Foundation) because
/// webhook ingress verifies thousands of headers a second.
struct SignatureHeader {
    /// The `t=` value, Unix seconds.
    var timestamp: Int?
    /// The decoded `v1=` signatures that are valid lower-case hex (Stripe signs in lower
    /// case and its libraries compare the hex strings, so upper case never matches).
    var signatures: [[UInt8]] = []
    /// Whether any `v1=` element was present (even if not valid hex).
    var sawV1 = false

    /// Splits on `,`, trims spaces and tabs around each element and its `=`-separated parts.
    /// - Throws: ``WebhookSignatureError/malformedHeader(_:)`` when `t` is not an integer.
    static func parse(_ header: String) throws(WebhookSignatureError) -> SignatureHeader {
        var result = SignatureHeader()
        let bytes = Array(header.utf8)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            try result.read(bytes[start..<end])
            start = end + 1
        }
        return result
    }

    private mutating func read(_ element: ArraySlice<UInt8>) throws(WebhookSignatureError) {
        guard let equals = element.firstIndex(of: UInt8(ascii: "=")) else { return }
        let key = Self.trim(element[element.startIndex..<equals])
        let value = Self.trim(element[(equals + 1)...])
        if key.elementsEqual([UInt8(ascii: "t")]) {
            guard let t = Self.integer(value) else { throw .malformedHeader("timestamp is not an integer") }
            timestamp = t
        } else if key.elementsEqual([UInt8(ascii: "v"), UInt8(ascii: "1")]) {
            sawV1 = true
            if let signature = Self.hex(value) { signatures.append(signature) }
        }
    }

    private static func trim(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lower = slice.startIndex
        var upper = slice.endIndex
        while lower < upper, slice[lower] == 0x20 || slice[lower] == 0x09 { lower += 1 }
        while upper > lower, slice[upper - 1] == 0x20 || slice[upper - 1] == 0x09 { upper -= 1 }
        return slice[lower..<upper]
    }

    private static func integer(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= 48, digit <= 57 else { return nil }
            value = value * 10 + Int(digit - 48)
        }
        return value
    }

    private static func hex(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.count % 2 == 0, !text.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 97...102: c - 87
        default: nil  // upper-case A–F included: Stripe's libraries accept lower case only
        }
    }
}
