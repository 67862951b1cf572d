import Foundation
import HTTPServer

/// Appends every JSON answer of the API (`/v1/…`) to a file, one JSON line each:
/// `{"method","path","status","stripe_version","request_id","body"}` with `body` the answer
/// as sent. Tests/deployment/test_stripe_sim_openapi.py checks each recorded body against
/// Stripe's published schemas (`--record-responses FILE`). Thread-safe.
final class ResponseRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private let file: FileHandle

    /// Opens (creating or appending to) `path`; nil when it cannot be opened for writing.
    init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        _ = try? handle.seekToEnd()
        file = handle
    }

    /// Records one answer; a dropped connection (status 0) or a body that is not JSON is not
    /// recorded.
    func record(method: String, path: String, response: HTTPResponse) {
        guard response.status != 0, let body = JSONValue.parse(response.body) else { return }
        let entry: JSONValue = [
            "method": .string(method), "path": .string(path), "status": .int(response.status),
            "stripe_version": .optional(response.headers["Stripe-Version"]),
            "request_id": .optional(response.headers["Request-Id"]),
            "body": body,
        ]
        var line = entry.serialized()
        line.append(UInt8(ascii: "\n"))
        lock.lock()
        defer { lock.unlock() }
        try? file.write(contentsOf: Data(line))
    }

    /// Closes the file.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        try? file.close()
    }
}
