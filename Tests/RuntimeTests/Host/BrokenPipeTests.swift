import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Runtime
import Testing
import TestKit

/// `SIGPIPE` is ignored from the runtime's start-up on: a write to a socket whose peer is
/// closed fails with `EPIPE` instead of killing the process.
@Suite("Broken pipe", .serialized)
struct BrokenPipeTests {
    /// A connected pair of Unix stream sockets whose second end is already closed.
    private static func socketWithClosedPeer() throws -> Int32 {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        close(pair[1])
        return pair[0]
    }

    @Test("after BrokenPipe.ignore() a write to a socket whose peer is closed returns EPIPE")
    func writeToClosedPeerFailsWithEPIPE() throws {
        var previous = sigaction()
        var byDefault = sigaction()
        byDefault.__sigaction_handler.sa_handler = SIG_DFL
        sigaction(SIGPIPE, &byDefault, &previous)
        defer { sigaction(SIGPIPE, &previous, nil) }
        #expect(!BrokenPipe.isIgnored)

        BrokenPipe.ignore()
        // Checked before writing: with the default action the write would end the test run.
        try #require(BrokenPipe.isIgnored)
        let socket = try Self.socketWithClosedPeer()
        defer { close(socket) }
        let bytes: [UInt8] = Array("lost".utf8)
        let written = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
        let failure = errno
        #expect(written == -1)
        #expect(failure == EPIPE)
    }

    /// A service executable (`payments`, built beside `stripe-sim`) started without its
    /// configuration writes the reason to standard error, here a socket whose peer is
    /// closed, and exits with the configuration status (2) rather than dying of `SIGPIPE`.
    /// `Process` starts the child with default signal actions, so what this sees is the
    /// service's own start-up.
    @Test(
        "a service process whose standard error is a closed socket exits 2, not by SIGPIPE",
        .enabled(if: IntegrationEnvironment.current?.stripeSimBinary != nil, "STRIPE_SIM_BINARY not set"))
    func serviceSurvivesWritingToAClosedSocket() throws {
        let simulator = try #require(IntegrationEnvironment.current?.stripeSimBinary)
        let binary = URL(fileURLWithPath: simulator).deletingLastPathComponent().appendingPathComponent("payments")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the payments product")
        let socket = try Self.socketWithClosedPeer()
        let process = Process()
        process.executableURL = binary
        process.arguments = []
        process.environment = [:]  // no STRIPE_API_KEY: a configuration problem, printed on stderr
        process.standardError = FileHandle(fileDescriptor: socket, closeOnDealloc: true)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == ServiceMain.configurationProblemStatus)
    }
}
