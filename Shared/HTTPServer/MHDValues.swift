import CShims
import CMicroHTTPD

/// Reading request values from, and queueing responses on, a libmicrohttpd connection.
/// Called only on the server thread that owns the connection.
enum MHDValues {
    /// Collects the connection's values of one kind (headers or query arguments).
    /// Repeated keys are joined with `", "`.
    static func collect(
        _ connection: OpaquePointer, kind: MHD_ValueKind,
        lowercaseKeys: Bool
    ) -> (values: [String: String], items: [QueryItem]) {
        let box = Collector(lowercaseKeys: lowercaseKeys)
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        _ = MHD_get_connection_values(
            connection, kind,
            { cls, _, key, value in
                guard let cls, let key else { return .YES }
                let collector = Unmanaged<Collector>.fromOpaque(cls).takeUnretainedValue()
                var name = String(cString: key)
                if collector.lowercaseKeys { name = name.lowercased() }
                let text = value.map { String(cString: $0) } ?? ""
                collector.items.append(QueryItem(name: name, value: text))
                if let existing = collector.values[name] {
                    collector.values[name] = existing + ", " + text
                } else {
                    collector.values[name] = text
                }
                return .YES
            }, unmanaged.toOpaque())
        return (box.values, box.items)
    }

    /// The request's `Content-Length`, when present and numeric.
    static func contentLength(_ connection: OpaquePointer) -> Int? {
        guard let raw = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else {
            return nil
        }
        return Int(String(cString: raw).trimmingWhitespace())
    }

    /// Copies `response` into a libmicrohttpd response, queues it and releases it.
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                .RESPMEM_MUST_COPY)
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(created, name, value)
        }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    private final class Collector {
        let lowercaseKeys: Bool
        var values: [String: String] = [:]
        var items: [QueryItem] = []
        init(lowercaseKeys: Bool) { self.lowercaseKeys = lowercaseKeys }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
