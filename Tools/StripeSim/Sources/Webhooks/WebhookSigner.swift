import CCrypto

/// Signs webhook payloads the way Stripe does: `Stripe-Signature: t=<unix>,v1=<hex>` where
/// the hex is HMAC-SHA256 (libcrypto) of `"<t>.<payload>"` keyed with the endpoint secret.
/// See https://docs.stripe.com/webhooks#verify-manually. Pure; thread-safe.
public enum WebhookSigner {
    /// The `Stripe-Signature` header value for `payload` signed at `timestamp` (Unix seconds).
    public static func header(payload: [UInt8], secret: String, timestamp: Int) -> String {
        "t=\(timestamp),v1=\(hexSignature(payload: payload, secret: secret, timestamp: timestamp))"
    }

    /// The header signed with every secret in `secrets`: `t=<unix>,v1=<hex>,v1=<hex>…`, as
    /// Stripe sends while an endpoint's rolled secret is still valid.
    public static func header(payload: [UInt8], secrets: [String], timestamp: Int) -> String {
        (["t=\(timestamp)"] + secrets.map { "v1=\(hexSignature(payload: payload, secret: $0, timestamp: timestamp))" })
            .joined(separator: ",")
    }

    /// The lowercase hex HMAC-SHA256 of `"<timestamp>.<payload>"`.
    public static func hexSignature(payload: [UInt8], secret: String, timestamp: Int) -> String {
        var message = Array("\(timestamp).".utf8)
        message.append(contentsOf: payload)
        let key = Array(secret.utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(key.count),
                    messageBytes.bindMemory(to: UInt8.self).baseAddress, message.count, &digest, &length)
            }
        }
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
