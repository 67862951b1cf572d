/// Reads TZif files, the binary format of the system's time-zone database
/// (`/usr/share/zoneinfo`, RFC 8536): a version 1 header and data block with 32-bit times,
/// then, from version 2 on, a second header and data block with 64-bit times and a footer
/// holding a POSIX TZ string for the instants after the last transition. Version 1 files
/// are read from their 32-bit block; later ones from the 64-bit block and footer.
enum TZif {
    /// Why bytes are not a TZif file this reader accepts.
    struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        var reason: String
        var description: String { "malformed TZif data: " + reason }
    }

    /// The rules in `bytes`, the whole content of a TZif file.
    /// - Throws: ``Malformed`` for a bad magic, counts that do not fit the file, a time type
    ///   index or UTC offset out of range, transitions out of order, or an unreadable footer.
    static func parse(_ bytes: [UInt8]) throws(Malformed) -> ZoneRules {
        var reader = ByteReader(bytes: bytes)
        let first = try reader.header()
        guard first.version >= 2 else { return try reader.dataBlock(first, timeSize: 4) }
        try reader.skipDataBlock(first, timeSize: 4)
        let second = try reader.header()
        let rules = try reader.dataBlock(second, timeSize: 8)
        let footer = try reader.footer()
        guard let text = footer, !text.isEmpty else { return rules }
        guard let rule = PosixTimeZoneRule(parsing: text) else { throw Malformed(reason: "footer \"\(text)\" is not a POSIX TZ string") }
        return ZoneRules(transitions: rules.transitions, offsets: rules.offsets, initialOffset: rules.initialOffset, footer: rule)
    }

    /// A header's version and counts.
    struct Header {
        var version: Int
        var isutcnt: Int, isstdcnt: Int, leapcnt: Int, timecnt: Int, typecnt: Int, charcnt: Int
    }

    /// A bounds-checked big-endian cursor.
    struct ByteReader {
        let bytes: [UInt8]
        var index = 0

        mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - index else { throw Malformed(reason: "truncated at byte \(index)") }
            defer { index += count }
            return bytes[index..<index + count]
        }

        /// A big-endian two's-complement integer of `size` bytes (4 or 8).
        mutating func integer(size: Int) throws(Malformed) -> Int {
            var value: UInt64 = 0
            for byte in try take(size) { value = value << 8 | UInt64(byte) }
            if size == 4 { return Int(Int32(truncatingIfNeeded: value)) }
            return Int(Int64(bitPattern: value))
        }

        mutating func header() throws(Malformed) -> Header {
            guard Array(try take(4)) == Array("TZif".utf8) else { throw Malformed(reason: "no TZif magic") }
            let versionByte = try take(1).first ?? 0
            let version: Int
            switch versionByte {
            case 0: version = 1
            case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(versionByte - UInt8(ascii: "0"))
            default: throw Malformed(reason: "unknown version byte \(versionByte)")
            }
            _ = try take(15)
            var counts: [Int] = []
            for _ in 0..<6 {
                let count = try integer(size: 4)
                guard count >= 0 else { throw Malformed(reason: "negative count") }
                counts.append(count)
            }
            let header = Header(
                version: version, isutcnt: counts[0], isstdcnt: counts[1], leapcnt: counts[2], timecnt: counts[3],
                typecnt: counts[4], charcnt: counts[5])
            guard header.typecnt >= 1, header.charcnt >= 1, header.isutcnt == 0 || header.isutcnt == header.typecnt,
                header.isstdcnt == 0 || header.isstdcnt == header.typecnt
            else { throw Malformed(reason: "inconsistent counts in the header") }
            return header
        }

        /// The length of a data block after `header`.
        static func blockLength(_ header: Header, timeSize: Int) -> Int {
            header.timecnt * (timeSize + 1) + header.typecnt * 6 + header.charcnt + header.leapcnt * (timeSize + 4)
                + header.isstdcnt + header.isutcnt
        }

        mutating func skipDataBlock(_ header: Header, timeSize: Int) throws(Malformed) {
            _ = try take(Self.blockLength(header, timeSize: timeSize))
        }

        mutating func dataBlock(_ header: Header, timeSize: Int) throws(Malformed) -> ZoneRules {
            let end = index + Self.blockLength(header, timeSize: timeSize)
            guard end <= bytes.count else { throw Malformed(reason: "the data block is truncated") }
            var transitions: [Int] = []
            transitions.reserveCapacity(header.timecnt)
            for _ in 0..<header.timecnt {
                let time = try integer(size: timeSize)
                if let previous = transitions.last, time <= previous { throw Malformed(reason: "transitions out of order") }
                transitions.append(time)
            }
            let typeIndices = try take(header.timecnt).map(Int.init)
            var typeOffsets: [Int] = []
            for _ in 0..<header.typecnt {
                let offset = try integer(size: 4)
                // RFC 8536 §3.2: -2^31 is forbidden; real offsets lie within -25…+26 hours.
                guard (-89_999...93_599).contains(offset) else { throw Malformed(reason: "UTC offset \(offset) out of range") }
                let isDST = try take(1).first ?? 0
                let designation = Int(try take(1).first ?? 0)
                guard isDST <= 1, designation < header.charcnt else { throw Malformed(reason: "bad local time type") }
                typeOffsets.append(offset)
            }
            guard typeIndices.allSatisfy({ $0 < header.typecnt }) else { throw Malformed(reason: "time type index out of range") }
            index = end
            return ZoneRules(
                transitions: transitions, offsets: typeIndices.map { typeOffsets[$0] }, initialOffset: typeOffsets[0], footer: nil)
        }

        /// The footer's TZ string (between two newlines), nil when the file ends without one.
        mutating func footer() throws(Malformed) -> String? {
            guard index < bytes.count else { return nil }
            guard bytes[index] == UInt8(ascii: "\n"),
                let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\n"))
            else { throw Malformed(reason: "the footer is not enclosed in newlines") }
            let text = bytes[(index + 1)..<close]
            guard text.allSatisfy({ (0x20...0x7e).contains($0) }) else { throw Malformed(reason: "the footer is not ASCII") }
            index = close + 1
            return String(decoding: text, as: UTF8.self)
        }
    }
}
