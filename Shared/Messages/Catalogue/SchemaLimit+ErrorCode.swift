extension SchemaLimit {
    /// The reply code a body breaking the limit gets, with its meaning: an entry of the
    /// command's declared error codes (``CommandErrorCodes/answerable(limits:)``).
    public var errorCode: DeclaredErrorCode {
        switch self {
        case .maxLength: return .tooLong
        case .maximumAmount: return .amountTooLarge
        case .maxItems: return .tooManyItems
        case .metadata: return .invalidMetadata
        case .minimumCharge: return .amountTooSmall
        }
    }
}

extension CommandLimits {
    /// The error codes of every ``SchemaLimit`` that `shape` (a command's recorded shape)
    /// carries, at any depth: the limits ``firstViolation(in:shape:path:)`` checks, in the
    /// order first met. Pure.
    static func errorCodes(of shape: SchemaNode) -> [DeclaredErrorCode] {
        var found: [DeclaredErrorCode] = []
        func visit(_ node: SchemaNode) {
            switch node {
            case .object(let object):
                for field in object.fields {
                    let limits = (object.fieldRules[field.name]?.limits ?? []) + FieldConventions.limits(of: field.name, node: field.node)
                    found += limits.map(\.errorCode)
                    visit(field.node)
                }
                found += object.objectRules.flatMap(\.limits).map(\.errorCode)
            case .array(let item), .dictionary(let item):
                visit(item)
            default:
                break
            }
        }
        visit(shape)
        var seen: Set<String> = []
        return found.filter { seen.insert($0.code).inserted }
    }
}
