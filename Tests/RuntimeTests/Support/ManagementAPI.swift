import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// RabbitMQ's management HTTP API (port `CONNECTBUS_MANAGEMENT_PORT`, 15672 by default, as
/// the project's scripts set it), used to force-close a worker's connections as a broker
/// outage would, and to make a throwaway vhost appear and disappear (the broker "stopped"
/// and "started" for the connections of that vhost only).
struct ManagementAPI: Sendable {
    let base = "http://127.0.0.1:\(ProcessInfo.processInfo.environment["CONNECTBUS_MANAGEMENT_PORT"] ?? "15672")/api"
    let user = "connectbus"
    let password = "connectbus"

    private func request(_ path: String, method: String = "GET", body: String? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        request.setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// Closes the connections of every consumer of `queue` (vhost `/`); returns how many.
    func closeConsumerConnections(of queue: String) async throws -> Int {
        let path = "/queues/%2F/" + (queue.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? queue)
        let (data, _) = try await URLSession.shared.data(for: request(path))
        let details = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["consumer_details"]
        let names = ((details as? [[String: Any]]) ?? []).compactMap {
            ($0["channel_details"] as? [String: Any])?["connection_name"] as? String
        }
        for name in Set(names) {
            let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
            _ = try await URLSession.shared.data(for: request("/connections/" + encoded, method: "DELETE"))
        }
        return Set(names).count
    }

    /// Creates `vhost` and gives the `connectbus` user every right on it.
    /// - Throws: when the API answers with an error status.
    func createVhost(_ vhost: String) async throws {
        try await send(request("/vhosts/" + vhost, method: "PUT", body: "{}"))
        try await send(
            request(
                "/permissions/\(vhost)/\(user)", method: "PUT",
                body: #"{"configure":".*","write":".*","read":".*"}"#))
    }

    /// Deletes `vhost`: the broker closes its connections and refuses new ones.
    func deleteVhost(_ vhost: String) async throws {
        try await send(request("/vhosts/" + vhost, method: "DELETE"))
    }

    private func send(_ request: URLRequest) async throws {
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw URLError(.badServerResponse, userInfo: ["status": status, "url": request.url?.absoluteString ?? ""])
        }
    }
}
