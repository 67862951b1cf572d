import Foundation
import HTTPServer
import Synchronization
import TestKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("HTTPServer deferred answers (HTTPResponder)")
struct HTTPResponderTests {
    @Test("an answer given from another thread after the handler returned reaches the client")
    func answerFromAnotherThread() async throws {
        let server = try HTTPServer(port: 0, threading: .pool(1)) { request in
            guard let responder = request.responder else { return .text(500, "no responder") }
            let body = request.body
            Thread {
                usleep(20_000)
                responder.respond(HTTPResponse(status: 202, headers: ["X-Late": "yes"], body: body))
            }.start()
            return .deferred
        }
        defer { server.stop() }
        let answer = try await TestHTTPClient.send("POST", "\(server.baseURL)/x", body: Array("hello".utf8))
        #expect(answer.status == 202)
        #expect(answer.headers["x-late"] == "yes")
        #expect(answer.text == "hello")
    }

    @Test("an answer given before the handler returns is sent once it does")
    func answerBeforeReturning() async throws {
        let server = try HTTPServer(port: 0, threading: .pool(2)) { request in
            guard let responder = request.responder else { return .text(500, "no responder") }
            responder.respond(.text(200, "early"))
            responder.respond(.text(500, "second answer, ignored"))
            return .deferred
        }
        defer { server.stop() }
        let answer = try await TestHTTPClient.send("GET", "\(server.baseURL)/x")
        #expect(answer.status == 200)
        #expect(answer.text == "early")
    }

    @Test("while one request waits for its answer, the pool's only thread serves other connections")
    func deferredRequestDoesNotHoldTheThread() async throws {
        let held = Mutex<HTTPResponder?>(nil)
        let server = try HTTPServer(port: 0, threading: .pool(1)) { request in
            guard request.path == "/held" else { return .text(200, "served") }
            guard let responder = request.responder else { return .text(500, "no responder") }
            held.withLock { $0 = responder }
            return .deferred
        }
        defer { server.stop() }
        async let waiting = TestHTTPClient.send("GET", "\(server.baseURL)/held")
        try await waitUntil("the held request was deferred") { held.withLock { $0 != nil } }
        for _ in 0..<20 {
            let other = try await TestHTTPClient.send("GET", "\(server.baseURL)/other")
            #expect(other.text == "served")
        }
        held.withLock { $0 }?.respond(.text(201, "released"))
        let answer = try await waiting
        #expect(answer.status == 201)
        #expect(answer.text == "released")
    }

    @Test("a handler's own answer wins: a later respond() is ignored")
    func immediateAnswerWins() async throws {
        let kept = Mutex<HTTPResponder?>(nil)
        let server = try HTTPServer(port: 0, threading: .pool(1)) { request in
            kept.withLock { $0 = request.responder }
            return .text(200, "now")
        }
        defer { server.stop() }
        let answer = try await TestHTTPClient.send("GET", "\(server.baseURL)/x")
        #expect(answer.text == "now")
        kept.withLock { $0 }?.respond(.text(500, "late"))  // No effect, no crash.
        let again = try await TestHTTPClient.send("GET", "\(server.baseURL)/x")
        #expect(again.text == "now")
    }

    @Test("a thread per connection has no responder (its handler may block)")
    func perConnectionHasNoResponder() async throws {
        let server = try HTTPServer(port: 0, threading: .perConnection) { request in
            .text(200, request.responder == nil ? "none" : "some")
        }
        defer { server.stop() }
        #expect(try await TestHTTPClient.send("GET", "\(server.baseURL)/x").text == "none")
    }

    @Test("a deferred answer of dropConnection closes the connection unanswered")
    func deferredDrop() async throws {
        let server = try HTTPServer(port: 0, threading: .pool(1)) { request in
            guard let responder = request.responder else { return .text(500, "no responder") }
            Thread { responder.respond(.dropConnection) }.start()
            return .deferred
        }
        defer { server.stop() }
        await #expect(throws: (any Error).self) { try await TestHTTPClient.send("GET", "\(server.baseURL)/x") }
    }

    @Test("stop() answers a deferred request nobody answered with 503 and returns")
    func stopAnswersTheUnanswered() async throws {
        let deferred = Flag()
        let kept = Mutex<HTTPResponder?>(nil)
        let server = try HTTPServer(port: 0, threading: .pool(2)) { request in
            kept.withLock { $0 = request.responder }
            deferred.set()
            return .deferred
        }
        async let waiting = TestHTTPClient.send("GET", "\(server.baseURL)/never")
        try await waitUntil("the request was deferred") { deferred.isSet }
        let started = ContinuousClock.now
        await Task.detached { server.stop(drainTimeout: .milliseconds(300)) }.value
        let answer = try await waiting
        #expect(answer.status == 503)
        #expect(answer.text == #"{"error":"shutting_down"}"#)
        #expect(ContinuousClock.now - started >= .milliseconds(300))  // It waited for the answer first.
        kept.withLock { $0 }?.respond(.text(200, "after stop"))  // Ignored: already answered.
    }

    @Test("a handler that defers after stop() gave up waiting is answered 503 at once: nothing suspended at the stop")
    func deferringDuringTheStop() async throws {
        let entered = Flag()
        let server = try HTTPServer(port: 0, threading: .pool(1)) { request in
            entered.set()
            usleep(500_000)  // Still in the handler when stop() stops waiting.
            return request.responder == nil ? .text(500, "no responder") : .deferred
        }
        let url = "\(server.baseURL)/late"
        let client = Task.detached { try? await TestHTTPClient.send("GET", url) }
        try await waitUntil("the request reached its handler") { entered.isSet }
        // libmicrohttpd aborts the process when stopped with a suspended connection; this
        // stop must return with the late deferral answered instead.
        await Task.detached { server.stop(drainTimeout: .milliseconds(100)) }.value
        if let answer = await client.value {  // Or the connection closed by the stop.
            #expect(answer.status == 503)
        }
    }

    @Test("keep-alive: each of several requests on one connection is deferred and answered in turn")
    func keepAliveDeferred() async throws {
        let server = try HTTPServer(port: 0, threading: .pool(1)) { request in
            guard let responder = request.responder else { return .text(500, "no responder") }
            let path = request.path
            Thread { responder.respond(.text(200, "answer to \(path)")) }.start()
            return .deferred
        }
        defer { server.stop() }
        let port = server.port
        let texts = try await Task.detached { try RawHTTPConnection.getEach(["/a", "/b", "/c"], port: port) }.value
        #expect(texts == ["answer to /a", "answer to /b", "answer to /c"])
    }

    @Test("many concurrent deferred requests across a pool are each answered with their own body")
    func concurrentDeferred() async throws {
        let server = try HTTPServer(port: 0, threading: .pool(2)) { request in
            guard let responder = request.responder else { return .text(500, "no responder") }
            let body = request.body
            DispatchQueue.global().async { responder.respond(HTTPResponse(status: 200, body: body)) }
            return .deferred
        }
        defer { server.stop() }
        let url = "\(server.baseURL)/echo"
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let body = Array("request \(index)".utf8)
                    return try await TestHTTPClient.send("POST", url, body: body).body == body
                }
            }
            for try await same in group { #expect(same) }
        }
    }

    /// Polls `condition` every 10 ms for up to 20 s.
    private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<2000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting until \(what)")
    }
}

/// One HTTP/1.1 connection over a plain socket: sends a GET, reads its answer, sends the next
/// on the same connection (what curl's one-handle-per-request client cannot do).
enum RawHTTPConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The body of each answer, in order, all on one keep-alive connection to 127.0.0.1.
    static func getEach(_ paths: [String], port: UInt16) throws -> [String] {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(errno)") }
        var buffered: [UInt8] = []
        var bodies: [String] = []
        for path in paths {
            let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, 0) }) == request.count else {
                throw Failure(description: "send: \(errno)")
            }
            bodies.append(try readResponse(socket, &buffered))
        }
        return bodies
    }

    /// Reads one response (headers, then `Content-Length` bytes) and returns its body.
    private static func readResponse(_ socket: Int32, _ buffered: inout [UInt8]) throws -> String {
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = find(separator, in: buffered) {
                let head = String(decoding: buffered[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }.first ?? 0
                let start = end + separator.count
                if buffered.count >= start + length {
                    let body = String(decoding: buffered[start..<(start + length)], as: UTF8.self)
                    buffered.removeFirst(start + length)
                    return body
                }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(description: "connection closed before the answer") }
            buffered += chunk[..<count]
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
