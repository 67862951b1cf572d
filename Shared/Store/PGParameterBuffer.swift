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

/// A statement's parameters as libpq takes them: their type OIDs and one buffer of values,
/// built once (for a deferred write, when it is queued, not again when it is sent).
struct PGParameters {
    /// No parameters (transaction control).
    static let none = PGParameters(types: [], buffer: PGParameterBuffer([]))

    let types: [UInt32]
    let buffer: PGParameterBuffer

    private init(types: [UInt32], buffer: PGParameterBuffer) {
        self.types = types
        self.buffer = buffer
    }

    /// The wire form of `params` (`nil` or `.null` is SQL NULL).
    /// - Throws: `store.query_failed` (SQLSTATE 22021) when a text or JSON parameter contains
    ///   a NUL byte (libpq would silently truncate it; Postgres text cannot hold it).
    init(_ params: [PGValue?]) throws(StoreError) {
        let wire = params.map { ($0 ?? .null).wireForm }
        let buffer = PGParameterBuffer(wire)
        if let index = buffer.parameterWithNUL {
            throw StoreError(
                code: StoreError.Code.queryFailed, sqlState: "22021",
                message: "parameter $\(index) contains a NUL byte, which Postgres text cannot hold")
        }
        self.init(types: wire.map(\.oid), buffer: buffer)
    }
}
