/// AMQP topic matching of a routing key against a binding pattern: words separated by
/// `.`, `*` matches exactly one word, `#` matches zero or more words. Pure; thread-safe.
public enum TopicPattern {
    /// `true` when `key` matches `pattern`.
    public static func matches(_ pattern: String, _ key: String) -> Bool {
        let p = pattern.split(separator: ".", omittingEmptySubsequences: false)
        let k = key.split(separator: ".", omittingEmptySubsequences: false)
        return match(p[...], k[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ key: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return key.isEmpty }
        if head == "#" {
            let rest = pattern.dropFirst()
            var remaining = key
            while true {
                if match(rest, remaining) { return true }
                if remaining.isEmpty { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let word = key.first else { return false }
        return (head == "*" || head == word) && match(pattern.dropFirst(), key.dropFirst())
    }
}
