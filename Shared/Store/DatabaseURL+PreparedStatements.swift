extension DatabaseURL {
    /// The connection-string option that turns named prepared statements off:
    /// `?prepared_statements=off` in a URL (`&prepared_statements=off` after other options),
    /// `prepared_statements=off` in the key/value form.
    ///
    /// It marks a URL that points at a pooler in transaction mode (PgBouncer
    /// `pool_mode = transaction`): every statement then runs unnamed (`PQexecParams`,
    /// `PQsendQueryParams`), and what needs a session of its own (migrations, the backfill
    /// sweeper's lock) refuses the URL with an error naming `DATABASE_DIRECT_URL`. The
    /// option is ConnectBus's own: it is removed before the string reaches libpq (which
    /// rejects options it does not know). Values: `on`/`off`, `true`/`false`, `1`/`0`,
    /// `yes`/`no`; `on` is the default.
    public static let preparedStatementsOption = "prepared_statements"

    /// A connection string split into what libpq reads and ConnectBus's own option.
    public struct Options: Sendable, Equatable {
        /// The string without ``DatabaseURL/preparedStatementsOption``, for libpq.
        public var libpqURL: String
        /// `false` when the string said `prepared_statements=off`, `true` when it said `on`,
        /// `nil` when it did not say.
        public var preparedStatements: Bool?

        /// The parts as given.
        public init(libpqURL: String, preparedStatements: Bool?) {
            self.libpqURL = libpqURL
            self.preparedStatements = preparedStatements
        }
    }

    /// Splits ConnectBus's ``preparedStatementsOption`` off `url`. In a URL the option is a
    /// query parameter (the `?`/`&` around it are tidied); in the key/value form a
    /// `prepared_statements=value` word. The last occurrence wins.
    /// - Throws: `StoreError` `store.query_failed` (SQLSTATE 22023) for a value other than
    ///   the ones listed at ``preparedStatementsOption``; the message names the option and
    ///   never contains the password.
    public static func options(in url: String) throws(StoreError) -> Options {
        let isURI = url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")
        var values: [String] = []
        let libpq: String
        if isURI {
            guard let question = queryStart(of: url) else { return Options(libpqURL: url, preparedStatements: nil) }
            var kept: [Substring] = []
            for pair in url[url.index(after: question)...].split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.first == Substring(preparedStatementsOption) {
                    values.append(parts.count > 1 ? String(parts[1]) : "")
                } else {
                    kept.append(pair)
                }
            }
            libpq = String(url[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        } else {
            var kept: [Substring] = []
            for word in url.split(whereSeparator: \.isWhitespace) {
                if word.hasPrefix(preparedStatementsOption + "=") {
                    values.append(String(word.dropFirst(preparedStatementsOption.count + 1)))
                } else {
                    kept.append(word)
                }
            }
            libpq = values.isEmpty ? url : kept.joined(separator: " ")
        }
        guard let text = values.last else { return Options(libpqURL: url, preparedStatements: nil) }
        let setting: Bool
        switch text.lowercased() {
        case "on", "true", "1", "yes": setting = true
        case "off", "false", "0", "no": setting = false
        default:
            throw StoreError(
                code: StoreError.Code.queryFailed, sqlState: "22023",
                message: "\(preparedStatementsOption) must be on or off (got \"\(redact(text, passwordOf: libpq))\")")
        }
        return Options(libpqURL: libpq, preparedStatements: setting)
    }

    /// The `?` that starts a URL's query: the first after the path's `/`, or, without a
    /// path, after the credentials' last `@` (a `?` in a password is not a query).
    private static func queryStart(of url: String) -> String.Index? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let from = rest.firstIndex(of: "/") ?? rest.lastIndex(of: "@") ?? rest.startIndex
        return rest[from...].firstIndex(of: "?")
    }
}
