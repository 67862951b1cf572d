import Foundation
import HTTPServer
import TestKit
import Testing

@Suite("HTTPServer")
struct HTTPServerTests {
    /// Echoes method, path, query, one header and the body back as text.
    private static func echoServer(maxBodyBytes: Int = 1 << 20, threading: HTTPThreading = .pool(2)) throws -> HTTPServer {
        try HTTPServer(port: 0, threading: threading, maxBodyBytes: maxBodyBytes) { request in
            let line =
                "\(request.method) \(request.path) q=\(request.query["q"] ?? "-") "
                + "x=\(request.headers["x-test"] ?? "-") len=\(request.body.count)"
            return HTTPResponse(status: 201, headers: ["X-Echo": line], body: request.body)
        }
    }

    @Test("port 0 picks a free port; two servers get different ports")
    func freePort() throws {
        let a = try Self.echoServer()
        let b = try Self.echoServer()
        defer { a.stop(); b.stop() }
        #expect(a.port != 0)
        #expect(b.port != 0)
        #expect(a.port != b.port)
    }

    @Test("GET with query and headers round-trips; header names are lowercased")
    func getRoundTrip() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let response = try await TestHTTPClient.send(
            "GET", "\(server.baseURL)/v1/things?q=a%20b&flag", headers: ["X-Test": "Yes"])
        #expect(response.status == 201)
        #expect(response.headers["x-echo"] == "GET /v1/things q=a b x=Yes len=0")
    }

    @Test("POST body is accumulated across chunks (256 KiB)")
    func postBody() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let body = (0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let response = try await TestHTTPClient.send("POST", "\(server.baseURL)/upload", body: body)
        #expect(response.status == 201)
        #expect(response.body == body)
        #expect(response.headers["x-echo"] == "POST /upload q=- x=- len=\(body.count)")
    }

    @Test("a body over the cap gets 413 and never reaches the handler")
    func payloadTooLarge() async throws {
        let calls = Counter()
        let server = try HTTPServer(port: 0, maxBodyBytes: 1000) { _ in
            calls.increment()
            return .text(200, "ok")
        }
        defer { server.stop() }
        let big = [UInt8](repeating: 65, count: 5000)
        let rejected = try await TestHTTPClient.send("POST", "\(server.baseURL)/x", body: big)
        #expect(rejected.status == 413)
        let chunked = try await TestHTTPClient.send(
            "POST", "\(server.baseURL)/x", headers: ["Transfer-Encoding": "chunked"], body: big)
        #expect(chunked.status == 413)
        #expect(calls.value == 0)
        let small = try await TestHTTPClient.send("POST", "\(server.baseURL)/x", body: [UInt8](repeating: 66, count: 1000))
        #expect(small.status == 200)
        #expect(calls.value == 1)
    }

    @Test("a body over the cap is answered by onBodyTooLarge, with the request's path and headers and no body")
    func payloadTooLargeHandler() async throws {
        let calls = Counter()
        let seen = Counter()
        let server = try HTTPServer(
            port: 0, maxBodyBytes: 1000,
            onBodyTooLarge: { request in
                if request.bodyTooLarge && request.body.isEmpty && request.path == "/hook"
                    && request.headers["x-test"] == "yes"
                {
                    seen.increment()
                }
                return .json(413, Array(#"{"error":"too_large"}"#.utf8))
            }
        ) { _ in
            calls.increment()
            return .text(200, "ok")
        }
        defer { server.stop() }
        let big = [UInt8](repeating: 65, count: 5000)
        let announced = try await TestHTTPClient.send("POST", "\(server.baseURL)/hook", headers: ["X-Test": "yes"], body: big)
        #expect(announced.status == 413)
        #expect(announced.text == #"{"error":"too_large"}"#)
        #expect(announced.headers["content-type"] == "application/json")
        #expect(announced.headers["connection"]?.lowercased() == "close")
        let chunked = try await TestHTTPClient.send(
            "POST", "\(server.baseURL)/hook", headers: ["Transfer-Encoding": "chunked", "X-Test": "yes"], body: big)
        #expect(chunked.status == 413)
        #expect(chunked.text == #"{"error":"too_large"}"#)
        #expect(seen.value == 2)
        #expect(calls.value == 0)
    }

    @Test("concurrent requests are all answered with their own bodies")
    func concurrentRequests() async throws {
        let server = try Self.echoServer(threading: .pool(4))
        defer { server.stop() }
        let results = try await withThrowingTaskGroup(of: (Int, TestResponse).self) { group in
            for index in 0..<40 {
                group.addTask {
                    let body = Array("request-\(index)".utf8)
                    return (index, try await TestHTTPClient.send("POST", "\(server.baseURL)/c", body: body))
                }
            }
            var all: [(Int, TestResponse)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 40)
        for (index, response) in results {
            #expect(response.status == 201)
            #expect(response.text == "request-\(index)")
        }
    }

    @Test("with a thread per connection, a handler that blocks does not hold up another connection")
    func perConnectionThreads() async throws {
        let released = DispatchSemaphore(value: 0)
        let server = try HTTPServer(port: 0, threading: .perConnection) { request in
            if request.path == "/release" {
                released.signal()
                return HTTPResponse(status: 200, body: Array("ok".utf8))
            }
            // Waits for /release, which only another thread can serve (a pool of one would time out).
            let answered = released.wait(timeout: .now() + .seconds(20)) == .success
            return HTTPResponse(status: answered ? 200 : 504, body: Array((answered ? "released" : "timed out").utf8))
        }
        defer { server.stop() }
        async let blocked = TestHTTPClient.send("GET", "\(server.baseURL)/block")
        let release = try await TestHTTPClient.send("GET", "\(server.baseURL)/release")
        #expect(release.status == 200)
        let answer = try await blocked
        #expect(answer.status == 200)
        #expect(answer.text == "released")
    }

    @Test("dropConnection closes the connection without an answer")
    func dropConnection() async throws {
        let server = try HTTPServer(port: 0) { _ in .dropConnection }
        defer { server.stop() }
        await #expect(throws: TestHTTPError.self) {
            _ = try await TestHTTPClient.send("GET", "\(server.baseURL)/")
        }
    }

    @Test("redirects carry Location; stop() is idempotent and closes the port")
    func redirectAndStop() async throws {
        let server = try HTTPServer(port: 0) { _ in .redirect(to: "https://example.com/back") }
        let response = try await TestHTTPClient.send("GET", "\(server.baseURL)/go")
        #expect(response.status == 302)
        #expect(response.headers["location"] == "https://example.com/back")
        server.stop()
        server.stop()
        await #expect(throws: TestHTTPError.self) {
            _ = try await TestHTTPClient.send("GET", "\(server.baseURL)/go")
        }
    }
}

/// A thread-safe counter for handler calls.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
