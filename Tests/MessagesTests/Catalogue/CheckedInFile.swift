import Foundation
import Testing

/// A generated file checked into the repository (`docs/catalogue.json`, `docs/asyncapi.yaml`)
/// that must be exactly what the code renders today.
struct CheckedInFile {
    /// The path inside the repository, e.g. `docs/catalogue.json`.
    var path: String
    /// How to bring it up to date, in every failure message.
    var regenerate: String

    /// The repository's root, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The file's URL.
    var url: URL { Self.repository.appendingPathComponent(path) }

    /// Records an issue naming the first differing line when the stored file is not
    /// `rendered` (ignoring leading and trailing white space), or when it is missing.
    func expect(rendered: String) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("\(url.path) is missing: \(regenerate)")
            return
        }
        let stored = String(decoding: data, as: UTF8.self)
        guard stored.trimmingCharacters(in: .whitespacesAndNewlines) != rendered.trimmingCharacters(in: .whitespacesAndNewlines)
        else { return }
        let storedLines = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(storedLines, renderedLines).enumerated().first { $0.element.0 != $0.element.1 }
        let line = first.map { $0.offset + 1 } ?? min(storedLines.count, renderedLines.count) + 1
        Issue.record(
            """
            \(path) is stale (first difference at line \(line): \
            file \(first.map { "\"\($0.element.0.trimmingCharacters(in: .whitespaces))\"" } ?? "ends"), \
            code \(first.map { "\"\($0.element.1.trimmingCharacters(in: .whitespaces))\"" } ?? "ends")): \(regenerate)
            """)
    }
}
