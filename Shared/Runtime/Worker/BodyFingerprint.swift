import CCrypto

/// The fingerprint the inbox keeps of a command's body: its SHA-256 through OpenSSL's
/// libcrypto (`SHA256`), so a command published again with the same `message_id` is told
/// apart from another body under a reused id (`conflict.message_id_reused`, DESIGN §4).
/// Thread-safe: no shared state.
enum BodyFingerprint {
    /// The 32-byte SHA-256 of `body`.
    static func of(_ body: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        body.withUnsafeBufferPointer { bytes in
            digest.withUnsafeMutableBufferPointer { out in
                _ = SHA256(bytes.baseAddress, bytes.count, out.baseAddress)
            }
        }
        return digest
    }
}
