import CCrypto

/// HMAC-SHA256 through OpenSSL's libcrypto (`HMAC(EVP_sha256(), …)`), and a
/// constant-time comparison (`CRYPTO_memcmp`). Thread-safe: no shared state.
public enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`; empty only if libcrypto fails.
    public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                out.withUnsafeMutableBufferPointer { outBytes in
                    HMAC(
                        EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                        messageBytes.bindMemory(to: UInt8.self).baseAddress, messageBytes.count,
                        outBytes.baseAddress, &length) != nil
                }
            }
        }
        return ok ? Array(out.prefix(Int(length))) : []
    }

    /// The MAC as lower-case hex (64 characters).
    public static func hex(key: [UInt8], message: [UInt8]) -> String {
        mac(key: key, message: message).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    /// `true` when `a` and `b` are equal, in time that depends only on their length.
    public static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count, !a.isEmpty else { return a.isEmpty && b.isEmpty }
        return a.withUnsafeBytes { left in
            b.withUnsafeBytes { right in CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0 }
        }
    }
}
