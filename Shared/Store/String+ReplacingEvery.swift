extension String {
    /// A copy with every occurrence of `target` (compared byte for byte in UTF-8, scanned
    /// left to right without overlaps) replaced by `replacement`; unchanged for an empty
    /// `target`. Used to redact passwords from libpq's messages.
    func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return self }
        let haystack = Array(utf8)
        var out: [UInt8] = []
        out.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if haystack[index] == needle[0], index + needle.count <= haystack.count,
                haystack[index..<(index + needle.count)].elementsEqual(needle)
            {
                out.append(contentsOf: replacement.utf8)
                index += needle.count
            } else {
                out.append(haystack[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
