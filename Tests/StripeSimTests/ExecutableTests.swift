import Foundation
import StripeSimCore
import TestKit
import Testing

@Suite("stripe-sim executable", .enabled(if: IntegrationEnvironment.current?.stripeSimBinary != nil, "STRIPE_SIM_BINARY not set"))
struct ExecutableTests {
    /// Reads the first line the process prints (blocking read on a thread of its own).
    private static func firstLine(_ handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                var bytes: [UInt8] = []
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(contentsOf: chunk)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }.start()
        }
    }

    @Test("starts from one command, prints one ready line, serves /v1 and exits 0 on SIGTERM")
    func startsAndStops() async throws {
        let binary = try #require(IntegrationEnvironment.current?.stripeSimBinary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", "0", "--latency-ms", "1"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = await Self.firstLine(output.fileHandleForReading)
        #expect(line.hasPrefix("stripe-sim listening on http://127.0.0.1:"))
        let port = try #require(line.split(separator: "(").last.flatMap { $0.split(separator: " ").last }.flatMap { Int($0.dropLast(2)) })
        let reply = try await SimHTTP.send(
            "POST", "http://127.0.0.1:\(port)/v1/customers",
            headers: ["Authorization": "Bearer sk_test_binary123"], body: Array("email=a%40b.test".utf8))
        #expect(reply.status == 200)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
