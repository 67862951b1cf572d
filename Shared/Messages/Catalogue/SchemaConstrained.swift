/// A type whose field rules (``Validatable/validate()``) are also written into the
/// catalogue's JSON Schema, so a body a JSON Schema validator accepts is one the service
/// accepts (DESIGN §4; checked both ways by the command corpus tests).
///
/// ``fieldRules`` add keywords to one field's schema (a pattern, a minimum); ``objectRules``
/// add the cross-field rules of the object itself (`oneOf`, `dependentRequired`,
/// `if`/`then`/`else`). Every rule is a ``SchemaRule``; keep each one next to the check in
/// `validate()` that it mirrors.
public protocol SchemaConstrained {
    /// Keywords per field, by wire (snake_case) name.
    static var fieldRules: [String: SchemaRule] { get }
    /// Keywords on the object itself; several rules are combined with `allOf`.
    static var objectRules: [SchemaRule] { get }
}

extension SchemaConstrained {
    /// Default: no field rules.
    public static var fieldRules: [String: SchemaRule] { [:] }
    /// Default: no object rules.
    public static var objectRules: [SchemaRule] { [] }
}
