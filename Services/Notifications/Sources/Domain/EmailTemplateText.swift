#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StripeAPI
public import Messages
import Runtime

/// A message template: a `Subject:` line, a blank line, then the body, with named fields
/// written `{{name}}` (letters, digits and `_`). Stored as plain files
/// `Services/Notifications/Templates/<template>.txt`. Pure; thread-safe value type.
public struct EmailTemplateText: Sendable, Equatable {
    /// Subject with fields.
    public var subject: String
    /// Body with fields.
    public var body: String

    /// Why a template cannot be used.
    public enum Problem: Error, Sendable, Equatable {
        /// The file has no `Subject:` first line followed by a blank line.
        case malformed(String)
        /// A field the template uses was not given.
        case missingField(String)
        /// The template file cannot be read.
        case unreadable(String)

        /// Stable code (`template.malformed`, `template.missing_field`, `template.unreadable`).
        public var code: String {
            switch self {
            case .malformed: "template.malformed"
            case .missingField: "template.missing_field"
            case .unreadable: "template.unreadable"
            }
        }
    }

    /// Parses a template file's text.
    /// - Throws: ``Problem/malformed(_:)``.
    public init(parsing text: String) throws(Problem) {
        let normalized = EmailTemplateText.lfLineEnds(text)
        guard normalized.hasPrefix("Subject:"), let split = normalized.firstRange(of: "\n\n") else {
            throw .malformed("expected a Subject: line, a blank line, then the body")
        }
        subject = String(normalized[normalized.index(normalized.startIndex, offsetBy: 8)..<split.lowerBound])
            .trimmingSpaces()
        body = String(normalized[split.upperBound...])
    }

    /// `text` with CRLF line ends written as LF (a lone CR is kept).
    static func lfLineEnds(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingCR = false
        for scalar in text.unicodeScalars {
            if pendingCR, scalar != "\n" { out.append("\r") }
            pendingCR = scalar == "\r"
            if !pendingCR { out.append(scalar) }
        }
        if pendingCR { out.append("\r") }
        return String(out)
    }

    /// Reads `<directory>/<template>.txt`, or the built-in copy when the folder has no such
    /// file (``builtIn(_:)``).
    /// - Throws: ``Problem`` when the file exists but cannot be read or parsed.
    public static func load(_ template: EmailTemplate, from directory: String) throws(Problem) -> EmailTemplateText {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(template.rawValue + ".txt").path
        guard FileManager.default.fileExists(atPath: path) else { return try builtIn(template) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path) }
        return try EmailTemplateText(parsing: text)
    }

    /// The copy of `template` compiled into the binary (same text as the shipped file).
    /// - Throws: ``Problem/malformed(_:)`` (never for the shipped templates).
    public static func builtIn(_ template: EmailTemplate) throws(Problem) -> EmailTemplateText {
        try EmailTemplateText(parsing: BuiltInTemplates.text(template))
    }

    /// Subject and body with every `{{field}}` replaced by its value.
    /// - Throws: ``Problem/missingField(_:)`` naming the first field without a value.
    public func render(_ fields: [String: String]) throws(Problem) -> (subject: String, body: String) {
        (try EmailTemplateText.fill(subject, fields), try EmailTemplateText.fill(body, fields))
    }

    static func fill(_ text: String, _ fields: [String: String]) throws(Problem) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                out += rest[open.lowerBound...]
                return out
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingSpaces()
            guard let value = fields[name] else { throw .missingField(name) }
            out += value
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
