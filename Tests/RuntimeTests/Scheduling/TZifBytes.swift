/// Builds TZif files in memory for the reader's tests (RFC 8536 layout).
enum TZifBytes {
    /// A file of `version` ("2", "3", or "\0" for version 1) whose data block (the 32-bit
    /// one for version 1, else the 64-bit one after an empty version 1 block) has
    /// `transitions` (Unix seconds) switching to `types[i]`, local time types with `offsets`,
    /// and, from version 2 on, `footer` between newlines.
    static func file(
        version: Character = "2", transitions: [Int] = [], types: [Int] = [], offsets: [Int] = [0], footer: String? = ""
    ) -> [UInt8] {
        func header(timecnt: Int, typecnt: Int, charcnt: Int) -> [UInt8] {
            Array("TZif".utf8) + [version.asciiValue ?? 0] + [UInt8](repeating: 0, count: 15)
                + [0, 0, 0, timecnt, typecnt, charcnt].flatMap { bigEndian($0, size: 4) }
        }
        func block(timeSize: Int) -> [UInt8] {
            transitions.flatMap { bigEndian($0, size: timeSize) } + types.map { UInt8($0) }
                + offsets.flatMap { bigEndian($0, size: 4) + [0, 0] } + [0]
        }
        if version == "\0" { return header(timecnt: transitions.count, typecnt: offsets.count, charcnt: 1) + block(timeSize: 4) }
        var bytes = header(timecnt: 0, typecnt: 1, charcnt: 1) + [0, 0, 0, 0, 0, 0, 0]
        bytes += header(timecnt: transitions.count, typecnt: offsets.count, charcnt: 1) + block(timeSize: 8)
        if let footer { bytes += Array("\n\(footer)\n".utf8) }
        return bytes
    }

    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
