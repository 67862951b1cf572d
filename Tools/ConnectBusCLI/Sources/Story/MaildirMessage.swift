import Foundation

/// One e-mail of a Maildir folder (the demo's SMTP sink writes each message received to
/// `<maildir>/new`), reduced to what the story checks: its `To` and decoded `Subject`.
/// Pure parsing; thread-safe value type.
public struct MaildirMessage: Sendable, Equatable {
    /// The `To` header as written.
    public var to: String
    /// The `Subject`, RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) decoded.
    public var subject: String

    /// A message.
    public init(to: String, subject: String) {
        self.to = to
        self.subject = subject
    }

    /// The messages in `<folder>/new`, in file-name order (empty when there is no folder).
    public static func read(maildir folder: String) -> [MaildirMessage] {
        let new = folder + "/new"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: new)) ?? []
        return names.sorted().compactMap { name in
            FileManager.default.contents(atPath: new + "/" + name).map { parse(Array($0)) }
        }
    }

    /// `To` and `Subject` of the message `bytes` (RFC 5322 header section, folded lines joined).
    public static func parse(_ bytes: [UInt8]) -> MaildirMessage {
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let head = text.components(separatedBy: "\n\n").first ?? ""
        var headers: [String: String] = [:]
        var last: String?
        for line in head.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first == " " || first == "\t", let name = last {
                headers[name, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
                last = name
            }
        }
        return MaildirMessage(to: headers["to"] ?? "", subject: decodeWords(headers["subject"] ?? ""))
    }

    /// `value` with each RFC 2047 encoded word (UTF-8, `B` or `Q`) decoded; whitespace
    /// between two encoded words is dropped, as the RFC says.
    public static func decodeWords(_ value: String) -> String {
        var out = ""
        var rest = Substring(value)
        var pendingSpace = ""
        while let start = rest.range(of: "=?") {
            let before = rest[..<start.lowerBound]
            let afterStart = rest[start.upperBound...]
            let parts = afterStart.split(separator: "?", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, parts[3].hasPrefix("="), let decoded = decodeWord(encoding: parts[1], text: parts[2]) else {
                out += pendingSpace + before + "=?"
                pendingSpace = ""
                rest = afterStart
                continue
            }
            out += before.allSatisfy(\.isWhitespace) && !out.isEmpty ? "" : pendingSpace + before
            out += decoded
            pendingSpace = ""
            rest = parts[3].dropFirst()
            if let end = rest.firstIndex(where: { !$0.isWhitespace }) {
                pendingSpace = String(rest[..<end])
                rest = rest[end...]
            } else {
                pendingSpace = String(rest)
                rest = ""
            }
        }
        return out + pendingSpace + rest
    }

    /// One encoded word's text, or nil when the encoding is neither `B` nor `Q`.
    private static func decodeWord(encoding: Substring, text: Substring) -> String? {
        switch encoding.uppercased() {
        case "B":
            return Data(base64Encoded: String(text)).map { String(decoding: $0, as: UTF8.self) }
        case "Q":
            var bytes: [UInt8] = []
            var index = text.startIndex
            while index < text.endIndex {
                let c = text[index]
                if c == "_" {
                    bytes.append(0x20)
                } else if c == "=", let end = text.index(index, offsetBy: 3, limitedBy: text.endIndex),
                    let byte = UInt8(text[text.index(after: index)..<end], radix: 16)
                {
                    bytes.append(byte)
                    index = end
                    continue
                } else {
                    bytes.append(contentsOf: Array(String(c).utf8))
                }
                index = text.index(after: index)
            }
            return String(decoding: bytes, as: UTF8.self)
        default:
            return nil
        }
    }
}
