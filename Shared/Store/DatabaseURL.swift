import CLibPQ
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Helpers for libpq connection strings (`postgres://user:pass@host:port/db?options` or
/// `key=value` form) that keep passwords out of logs and errors.
///
/// Thread-safety: stateless; `PQconninfoParse` is thread-safe.
public enum DatabaseURL {
    /// The password carried by a connection string (URL userinfo or `password=` option,
    /// percent-decoded), or `nil` when there is none or the string does not parse.
    /// ConnectBus's own ``preparedStatementsOption`` is ignored.
    public static func password(in url: String) -> String? {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let libpqURL = (try? DatabaseURL.options(in: url))?.libpqURL ?? url
        guard let options = PQconninfoParse(libpqURL, &errorMessage) else {
            if let errorMessage { PQfreemem(errorMessage) }
            return nil
        }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val {
                let password = String(cString: value)
                return password.isEmpty ? nil : password
            }
            option += 1
        }
        return nil
    }

    /// The connection string with its password replaced by `***`, safe to log:
    /// `postgres://app:***@db:5432/main?sslmode=require`. Key/value strings get
    /// `password=***`.
    public static func redacted(_ url: String) -> String {
        var text = url
        let scheme = ["postgresql://", "postgres://"].first(where: { text.hasPrefix($0) })
        if let scheme {
            let rest = text.dropFirst(scheme.count)
            // As libpq reads it: the credentials end at the first `@` before the first `/`
            // (a `?` before that `@` belongs to the user or password), the user at the first `:`.
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            if let at = rest[..<authorityEnd].firstIndex(of: "@"),
                let colon = rest[..<at].firstIndex(of: ":")
            {
                text = scheme + rest[...colon] + "***" + rest[at...]
            }
        }
        return redactPasswordOption(text, uri: scheme != nil)
    }

    /// Replaces every occurrence of the URL's password in `message` with `***`.
    public static func redact(_ message: String, passwordOf url: String) -> String {
        guard let password = password(in: url) else { return message }
        return message.replacingEvery(password, with: "***")
    }

    /// Masks the value of a `password=` option (URL query or key/value form). As libpq
    /// does, blanks around `=` are allowed and skipped (`password = secret`). In a URL's
    /// query the value ends at `&`; in the key/value form only at a blank (`password=&x`
    /// is the password `&x` there).
    private static func redactPasswordOption(_ text: String, uri: Bool) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: "password") {
            var index = range.upperBound
            while index < rest.endIndex, rest[index].isWhitespace { index = rest.index(after: index) }
            guard index < rest.endIndex, rest[index] == "=" else {
                result += rest[..<range.upperBound]
                rest = rest[range.upperBound...]
                continue
            }
            index = rest.index(after: index)
            while index < rest.endIndex, rest[index].isWhitespace { index = rest.index(after: index) }
            result += rest[..<index] + "***"
            rest = rest[index...]
            if rest.first == "'" {
                var index = rest.index(after: rest.startIndex)
                while index < rest.endIndex, rest[index] != "'" {
                    if rest[index] == "\\" { index = rest.index(after: index) }
                    if index < rest.endIndex { index = rest.index(after: index) }
                }
                rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
            } else {
                let end = rest.firstIndex(where: { (uri && $0 == "&") || $0.isWhitespace }) ?? rest.endIndex
                rest = rest[end...]
            }
        }
        return result + rest
    }
}
