/// Random identifiers shaped like Stripe's (`pi_3P…`, `req_…`, `whsec_…`).
enum SimIDs {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// `prefix_` followed by `length` random alphanumerics.
    static func make(_ prefix: String, length: Int = 24) -> String {
        var generator = SystemRandomNumberGenerator()
        var id = prefix + "_"
        for _ in 0..<length { id.append(alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))]) }
        return id
    }
}
