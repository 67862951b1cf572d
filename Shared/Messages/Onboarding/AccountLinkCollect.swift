/// Which requirements an Account Link collects (`collection_options[fields]`).
public enum AccountLinkCollect: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Only what is due now.
    case currentlyDue = "currently_due"
    /// Everything that will be due, now or later.
    case eventuallyDue = "eventually_due"
}
