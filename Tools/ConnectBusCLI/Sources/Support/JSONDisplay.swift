import Foundation

/// JSON helpers for the CLI's output: pretty printing, field paths, compact lines (named
/// apart from the runtime's `JSONText`, which escapes strings for hand-built JSON).
/// Stateless; thread-safe.
public enum JSONDisplay {
    /// Parses UTF-8 JSON into Foundation objects (fragments allowed), or nil.
    public static func parse(_ bytes: [UInt8]) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }

    /// Pretty, key-sorted JSON text of `bytes`, or the bytes as text when they are not JSON.
    public static func pretty(_ bytes: [UInt8]) -> String {
        guard let object = parse(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        return render(object, pretty: true)
    }

    /// JSON text of a Foundation object (strings are quoted; fragments allowed).
    public static func render(_ object: Any, pretty: Bool) -> String {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        if pretty { options.insert(.prettyPrinted) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else {
            return String(describing: object)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The value at `path` (`result.url`, `result.line_items[0].price`, `items.2`), or nil.
    public static func value(at path: String, in object: Any) -> Any? {
        var current: Any? = object
        for component in components(of: path) {
            if let index = Int(component), let array = current as? [Any] {
                current = index >= 0 && index < array.count ? array[index] : nil
            } else if let dictionary = current as? [String: Any] {
                current = dictionary[component]
            } else {
                return nil
            }
        }
        return current
    }

    /// A value as a shell-friendly line: strings bare, numbers and booleans as JSON,
    /// objects and arrays as compact JSON.
    public static func plain(_ value: Any) -> String {
        if let string = value as? String { return string }
        if value is NSNull { return "null" }
        return render(value, pretty: false)
    }

    /// Splits `a.b[0].c` into `["a", "b", "0", "c"]`.
    static func components(of path: String) -> [String] {
        path.replacingOccurrences(of: "[", with: ".").replacingOccurrences(of: "]", with: "")
            .split(separator: ".").map(String.init)
    }
}
