/// A pragmatic e-mail address check: `local@domain` with no spaces, angle brackets,
/// commas or line breaks (which would let a value inject SMTP commands or headers), at
/// most 254 bytes. Pure; thread-safe.
public enum EmailAddress {
    /// Whether `text` is an address the service will send to.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes.count <= 254,
            let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > 0, at < bytes.count - 1
        else { return false }
        let forbidden: Set<UInt8> = [
            0x20, 0x09, 0x0D, 0x0A, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: "\""), 0x00,
        ]
        return !bytes.contains { forbidden.contains($0) || $0 < 0x20 || $0 == 0x7F }
            && bytes[(at + 1)...].contains(UInt8(ascii: "."))
    }
}
