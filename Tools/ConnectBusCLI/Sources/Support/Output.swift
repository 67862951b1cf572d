import Foundation

/// Writes lines to standard output and standard error unbuffered (one `write` per line,
/// so `connectbus tail > log` shows each event at once). Thread-safe (each call is one write).
public enum Output {
    /// Writes `text` and a newline to standard output.
    public static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `text` and a newline to standard error.
    public static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Rewrites the current line of standard error (`\r…`), for progress displays.
    public static func progress(_ text: String) {
        FileHandle.standardError.write(Data(("\r" + text).utf8))
    }
}
