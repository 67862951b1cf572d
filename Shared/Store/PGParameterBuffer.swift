/// The C arrays `PQexecParams`/`PQexecPrepared` want, built from parameters' wire forms.
///
/// All payloads live in one contiguous byte buffer (text values NUL-terminated, binary
/// values by length) that outlives the libpq call made inside `withPointers`.
struct PGParameterBuffer {
    private var storage: [UInt8] = [0]
    private var offsets: [Int?] = []
    private var lengths: [Int32] = []
    private var formats: [Int32] = []
    /// 1-based number of the first text-format parameter containing a NUL byte, which
    /// libpq would silently truncate (Postgres text cannot hold NUL); such a statement must
    /// not be sent.
    private(set) var parameterWithNUL: Int?

    init(_ wire: [(oid: UInt32, format: Int32, bytes: [UInt8]?)]) {
        offsets.reserveCapacity(wire.count)
        for param in wire {
            formats.append(param.format)
            guard let bytes = param.bytes else {
                offsets.append(nil)
                lengths.append(0)
                continue
            }
            offsets.append(storage.count)
            lengths.append(Int32(clamping: bytes.count))
            storage.append(contentsOf: bytes)
            if param.format == 0 {
                if parameterWithNUL == nil, bytes.contains(0) { parameterWithNUL = formats.count }
                storage.append(0)
            }
        }
    }

    /// Calls `body` with pointers to values (`nil` = NULL), lengths and formats, valid only
    /// during the call.
    func withPointers<R>(_ body: ([UnsafePointer<CChar>?], [Int32], [Int32]) -> R) -> R {
        storage.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: CChar.self).baseAddress
            let values: [UnsafePointer<CChar>?] = offsets.map { offset in
                guard let offset, let base else { return nil }
                return base + offset
            }
            return body(values, lengths, formats)
        }
    }
}
