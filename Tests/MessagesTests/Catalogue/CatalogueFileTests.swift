import Foundation
import Testing
@testable import Messages

/// `docs/catalogue.json` is the catalogue checked into the repository, so a platform team in
/// another language reads every command and event schema without a Swift toolchain. It must
/// be exactly what `connectbus catalogue` renders today.
@Suite struct CatalogueFileTests {
    /// The repository's `docs/catalogue.json`, found from this file's path.
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/catalogue.json")

    /// How to bring the file up to date, in every failure message.
    static let regenerate = "regenerate it with `make catalogue-file` (connectbus catalogue --out docs/catalogue.json) and commit it"

    @Test func theCheckedInCatalogueIsTheOneTheCodeRenders() throws {
        let rendered = String(decoding: Catalogue.jsonSchemaDocument(), as: UTF8.self)
        guard let data = FileManager.default.contents(atPath: Self.file.path) else {
            Issue.record("\(Self.file.path) is missing: \(Self.regenerate)")
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
            docs/catalogue.json is stale (first difference at line \(line): \
            file \(first.map { "\"\($0.element.0.trimmingCharacters(in: .whitespaces))\"" } ?? "ends"), \
            code \(first.map { "\"\($0.element.1.trimmingCharacters(in: .whitespaces))\"" } ?? "ends")): \(Self.regenerate)
            """)
    }
}
