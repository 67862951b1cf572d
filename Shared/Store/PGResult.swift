import CLibPQ

/// The result of one statement (an owned `PGresult*`, cleared with `PQclear` on release).
///
/// Thread-safety: not `Sendable`; use it on the connection's thread. Rows (`PGRow`) keep
/// the result alive while they exist.
public final class PGResult {
    let raw: OpaquePointer

    init(_ raw: OpaquePointer) {
        self.raw = raw
    }

    /// The column names as the server sent them (`PQfname`), read once per result for
    /// `PGRow`'s lookups by name.
    private(set) lazy var fieldNames: [String] = columnNames

    /// The number of the first column named exactly `name`, or `nil`: what `PQfnumber`
    /// answers for a double-quoted name, without quoting, copying and case-folding the
    /// name on every call.
    func fieldNumber(_ name: String) -> Int32? {
        let names = fieldNames
        for field in names.indices where names[field] == name { return Int32(field) }
        return nil
    }

    deinit {
        PQclear(raw)
    }

    /// Number of rows returned.
    public var rowCount: Int { Int(PQntuples(raw)) }

    /// Number of columns returned.
    public var columnCount: Int { Int(PQnfields(raw)) }

    /// Column names, in order.
    public var columnNames: [String] {
        (0..<PQnfields(raw)).map { String(cString: PQfname(raw, $0)) }
    }

    /// The command tag, e.g. `INSERT 0 1`, `UPDATE 3`, `COMMIT`.
    public var commandTag: String { String(cString: PQcmdStatus(raw)) }

    /// Rows affected by INSERT/UPDATE/DELETE/SELECT/MOVE/FETCH/COPY (`PQcmdTuples`); 0 for
    /// other commands.
    public var affectedRows: Int { Int(String(cString: PQcmdTuples(raw))) ?? 0 }

    /// All rows, in order.
    public var rows: [PGRow] { (0..<rowCount).map { PGRow(result: self, index: $0) } }

    /// The first row, if any.
    public var first: PGRow? { rowCount > 0 ? PGRow(result: self, index: 0) : nil }

    /// A diagnostic field of an error result (`PQresultErrorField`), e.g. `"C"` for SQLSTATE.
    func errorField(_ code: Character) -> String? {
        guard let ascii = code.asciiValue, let field = PQresultErrorField(raw, Int32(ascii)) else { return nil }
        return String(cString: field)
    }
}
