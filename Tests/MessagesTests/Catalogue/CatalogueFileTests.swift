import Foundation
import Testing
@testable import Messages

/// `docs/catalogue.json` is the catalogue checked into the repository, so a platform team in
/// another language reads every command and event schema without a Swift toolchain. It must
/// be exactly what `connectbus catalogue` renders today.
@Suite struct CatalogueFileTests {
    /// The checked-in catalogue and how to regenerate it.
    static let file = CheckedInFile(
        path: "docs/catalogue.json",
        regenerate: "regenerate it with `make catalogue-file` (connectbus catalogue --out docs/catalogue.json) and commit it")

    @Test func theCheckedInCatalogueIsTheOneTheCodeRenders() throws {
        Self.file.expect(rendered: String(decoding: Catalogue.jsonSchemaDocument(), as: UTF8.self))
    }
}
