import Foundation
import Messages
import NotificationsSchema
import OnboardingSchema
import PaymentsSchema
import Store
import TerminalGatewaySchema
import Testing

/// CHANGELOG.md names every migration the code applies and every message whose
/// `x-schema-version` is above 1, so an operator reads what a rolling upgrade runs
/// (docs/DESIGN.md §5 "Schema changes across releases"); and its newest release heading
/// names the commit `make upgrade-test` builds.
@Suite struct ChangelogTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("CHANGELOG.md")

    static func text() throws -> String {
        let data = try #require(FileManager.default.contents(atPath: file.path), "CHANGELOG.md is missing")
        return String(decoding: data, as: UTF8.self)
    }

    /// Every migration as CHANGELOG.md writes it: `` `schema` version `name` ``.
    static var migrations: [String] {
        let services: [(String, [Migration])] = [
            (OnboardingMigrations.schema, OnboardingMigrations.all),
            (PaymentsMigrations.schema, PaymentsMigrations.all),
            (TerminalMigrations.schema, TerminalMigrations.all),
            (NotificationsMigrations.schema, NotificationsMigrations.all),
        ]
        let runtime = Migrator.runtimeMigrations.map { "`runtime` \($0.version) `\($0.name)`" }
        return runtime + services.flatMap { schema, all in all.map { "`\(schema)` \($0.version) `\($0.name)`" } }
    }

    @Test func everyMigrationIsNamed() throws {
        let text = try Self.text()
        let missing = Self.migrations.filter { !text.contains($0) }
        #expect(missing.isEmpty, "CHANGELOG.md does not name these migrations (add them under [Unreleased] → Migrations): \(missing)")
    }

    @Test func everyMessageVersionAboveOneIsNamed() throws {
        let text = try Self.text()
        let missing = Catalogue.messageTypes.filter { $0.schemaVersion > 1 }
            .map { "`\($0.messageName)` version \($0.schemaVersion)" }
            .filter { !text.contains($0) }
        #expect(missing.isEmpty, "CHANGELOG.md does not name these message versions: \(missing)")
    }

    @Test func theNewestReleaseNamesItsCommit() throws {
        let headings = try Self.text().split(separator: "\n").filter { $0.hasPrefix("## [v") }
        let newest = try #require(headings.first, "CHANGELOG.md names no release")
        #expect(
            newest.range(of: #"^## \[v[0-9]+\.[0-9]+\.[0-9]+\] - [0-9]{4}-[0-9]{2}-[0-9]{2}, commit [0-9a-f]{40}$"#, options: .regularExpression)
                != nil, "\(newest)")
    }
}
