/// A command whose catalogue schema carries example bodies (JSON Schema's `examples`
/// annotation): what a platform developer copies to get started. Each example is a body the
/// service accepts (checked by `CatalogueTests` and `test_command_schemas.py`).
public protocol ExampleDocumented {
    /// Example bodies, each one accepted by the command's decoding and validation.
    static var examples: [JSONValue] { get }
}
