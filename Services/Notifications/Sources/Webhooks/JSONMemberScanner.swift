/// One pass over a JSON text (RFC 8259, UTF-8 per RFC 3629): validates it and records the
/// byte ranges of the members named ``EventBodyScrubber/removedMember`` — each with the
/// comma that separates it from its neighbours — for ``EventBodyScrubber`` to cut out —
/// and, when asked, where the values of some of the root object's members are
/// (``StripeEventFacts`` reads its few members from them, without a second parse).
/// Recursive, at most ``EventBodyScrubber/maxDepth`` levels deep. Not `Sendable`: a
/// value that reads `bytes` only while its owner holds them.
struct JSONMemberScanner {
    /// The text scanned.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position = 0
    /// Arrays and objects open at ``position``.
    var depth = 0
    /// The byte ranges to cut out, in the order found (nested or disjoint, never overlapping otherwise).
    var removals: [Range<Int>] = []
    /// The names of the root object's members whose values to record in ``topLevel``.
    let topLevelKeys: [String]
    /// The byte range of the value of each root-object member named in ``topLevelKeys``.
    var topLevel: [String: Range<Int>] = [:]
    /// Whether a root-object key was written with escapes or one of ``topLevelKeys``
    /// appeared twice: ``topLevel`` may then differ from what a decoder reads.
    var topLevelAmbiguous = false
    /// Whether the last string scanned held an escape.
    private var lastStringEscaped = false

    /// A scanner at the start of `bytes`, recording the values of the root object's
    /// members named in `topLevelKeys`.
    init(bytes: UnsafeBufferPointer<UInt8>, topLevelKeys: [String] = []) {
        self.bytes = bytes
        self.topLevelKeys = topLevelKeys
    }

    /// Scans the whole text: one value with optional white space around it.
    /// - Throws: ``EventBodyScrubber/Problem``.
    mutating func document() throws(EventBodyScrubber.Problem) {
        skipSpace()
        try value()
        skipSpace()
        guard position == bytes.count else { throw .invalidJSON }
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value() throws(EventBodyScrubber.Problem) {
        guard let byte = current else { throw .invalidJSON }
        switch byte {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw .invalidJSON
        }
    }

    private mutating func enter() throws(EventBodyScrubber.Problem) {
        depth += 1
        guard depth <= EventBodyScrubber.maxDepth else { throw .invalidJSON }
        position += 1
        skipSpace()
    }

    /// One member of an object: where its key starts, where its value ends, whether it goes.
    private struct Member {
        var keyStart: Int
        var valueEnd: Int
        var remove: Bool
    }

    private mutating func object() throws(EventBodyScrubber.Problem) {
        try enter()
        var members: [Member] = []
        var anyRemoved = false
        if current == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw .invalidJSON }
            let keyStart = position
            let isSecret = try string()
            let recorded = depth == 1 && !topLevelKeys.isEmpty ? topLevelKey(keyStart + 1..<position - 1) : nil
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw .invalidJSON }
            position += 1
            skipSpace()
            let valueStart = position
            try value()
            if let recorded {
                if topLevel[recorded] != nil { topLevelAmbiguous = true }
                topLevel[recorded] = valueStart..<position
            }
            members.append(Member(keyStart: keyStart, valueEnd: position, remove: isSecret))
            anyRemoved = anyRemoved || isSecret
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                skipSpace()
                continue
            }
            guard current == UInt8(ascii: "}") else { throw .invalidJSON }
            position += 1
            break
        }
        depth -= 1
        if anyRemoved { recordRemovals(members) }
    }

    /// The one of ``topLevelKeys`` the root-object key at `range` names, if any.
    private mutating func topLevelKey(_ range: Range<Int>) -> String? {
        if lastStringEscaped {
            topLevelAmbiguous = true
            return nil
        }
        return topLevelKeys.first { Self.rawEquals(bytes, range, $0) }
    }

    /// Each run of removed members goes with the commas that separate it from the kept ones:
    /// up to the next kept member's key, or — for a run at the end — from the previous kept
    /// member's value.
    private mutating func recordRemovals(_ members: [Member]) {
        var index = 0
        while index < members.count {
            guard members[index].remove else {
                index += 1
                continue
            }
            var last = index
            while last + 1 < members.count, members[last + 1].remove { last += 1 }
            if last + 1 < members.count {
                removals.append(members[index].keyStart..<members[last + 1].keyStart)
            } else if index > 0 {
                removals.append(members[index - 1].valueEnd..<members[last].valueEnd)
            } else {
                removals.append(members[index].keyStart..<members[last].valueEnd)
            }
            index = last + 1
        }
    }

    private mutating func array() throws(EventBodyScrubber.Problem) {
        try enter()
        if current == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        while true {
            try value()
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                skipSpace()
                continue
            }
            guard current == UInt8(ascii: "]") else { throw .invalidJSON }
            position += 1
            break
        }
        depth -= 1
    }

    private mutating func literal(_ word: StaticString) throws(EventBodyScrubber.Problem) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw .invalidJSON }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where bytes[position + offset] != expected[offset] { throw .invalidJSON }
        position += count
    }

    private mutating func number() throws(EventBodyScrubber.Problem) {
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            guard try digits() > 0 else { throw .invalidJSON }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard try digits() > 0 else { throw .invalidJSON }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard try digits() > 0 else { throw .invalidJSON }
        }
    }

    private mutating func digits() throws(EventBodyScrubber.Problem) -> Int {
        let start = position
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    /// A string starting at its opening quote; returns whether its text is `client_secret`.
    private mutating func string() throws(EventBodyScrubber.Problem) -> Bool {
        position += 1
        let start = position
        var escaped = false
        while true {
            guard let byte = current else { throw .invalidJSON }
            switch byte {
            case UInt8(ascii: "\""):
                let end = position
                position += 1
                lastStringEscaped = escaped
                return escaped
                    ? Self.decodedEquals(bytes, start..<end, EventBodyScrubber.removedMember)
                    : Self.rawEquals(bytes, start..<end, EventBodyScrubber.removedMember)
            case UInt8(ascii: "\\"):
                escaped = true
                try escape()
            case 0x00..<0x20:
                throw .invalidJSON
            case 0x80...:
                try multibyte()
            default:
                position += 1
            }
        }
    }

    /// `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` or `\uXXXX` (a high surrogate must be
    /// followed by an escaped low one, and a low one never stands alone).
    private mutating func escape() throws(EventBodyScrubber.Problem) {
        position += 1
        guard let byte = current else { throw .invalidJSON }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            let unit = try hex4()
            if unit >= 0xDC00 && unit <= 0xDFFF { throw .invalidUTF8 }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw .invalidUTF8 }
                position += 2
                let low = try hex4()
                guard low >= 0xDC00 && low <= 0xDFFF else { throw .invalidUTF8 }
            }
        default:
            throw .invalidJSON
        }
    }

    private mutating func hex4() throws(EventBodyScrubber.Problem) -> UInt32 {
        guard bytes.count - position >= 4 else { throw .invalidJSON }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(bytes[position]) else { throw .invalidJSON }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// One UTF-8 sequence of 2–4 bytes (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
    private mutating func multibyte() throws(EventBodyScrubber.Problem) {
        let lead = bytes[position]
        let count: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; upper = 0x9F
        case 0xF0: count = 4; lower = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; upper = 0x8F
        default: throw .invalidUTF8
        }
        guard bytes.count - position >= count else { throw .invalidUTF8 }
        let second = bytes[position + 1]
        guard second >= lower && second <= upper else { throw .invalidUTF8 }
        for offset in 2..<max(2, count) where bytes[position + offset] & 0xC0 != 0x80 { throw .invalidUTF8 }
        position += count
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func rawEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: String) -> Bool {
        range.count == text.utf8.count && zip(bytes[range], text.utf8).allSatisfy { $0 == $1 }
    }

    /// Compares a string with escapes (already validated) by its decoded text, so
    /// `"client\u005fsecret"` is removed too.
    private static func decodedEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: String) -> Bool {
        var decoded: [UInt8] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            let kind = bytes[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "u"):
                var unit: UInt32 = 0
                for offset in 0..<4 { unit = unit << 4 | (hexValue(bytes[index + offset]) ?? 0) }
                index += 4
                if unit >= 0xD800 && unit <= 0xDBFF {
                    var low: UInt32 = 0
                    for offset in 2..<6 { low = low << 4 | (hexValue(bytes[index + offset]) ?? 0) }
                    index += 6
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(unit) else { return false }
                decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            default: decoded.append(kind)
            }
        }
        return decoded.elementsEqual(text.utf8)
    }
}
