import Foundation

/// A URL's query as a dictionary, each name and value percent-decoded (the first of a
/// repeated name wins). Parsed by hand: Foundation's URLComponents re-encodes a query holding
/// `[`/`]` (as Stripe's `stripe_user[email]`) instead of decoding it.
enum QueryString {
    static func parse(_ url: String) -> [String: String] {
        guard let start = url.firstIndex(of: "?") else { return [:] }
        var items: [String: String] = [:]
        for pair in url[url.index(after: start)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            if let name = parts.first, items[name] == nil { items[name] = parts.count > 1 ? parts[1] : "" }
        }
        return items
    }
}
