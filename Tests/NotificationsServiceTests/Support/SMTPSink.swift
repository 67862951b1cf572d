import Foundation

/// A real local SMTP server for tests: Python's aiosmtpd (installed by
/// scripts/install-deps.sh) run as a child process on a free port, writing each accepted
/// message to a folder as `<n>.eml`. Recipients starting with `reject` are refused with
/// `550` (a permanent failure). ``stop()`` ends the process and deletes the folder.
final class SMTPSink: @unchecked Sendable {
    let port: Int
    let folder: URL
    private let process: Process
    private let stdin: Pipe

    static let script = """
        import os, socket, sys, time
        from aiosmtpd.controller import Controller

        class Handler:
            def __init__(self, folder):
                self.folder = folder
                self.count = 0
            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                if address.startswith("reject"):
                    return "550 5.1.1 no such user"
                envelope.rcpt_tos.append(address)
                return "250 OK"
            async def handle_DATA(self, server, session, envelope):
                self.count += 1
                path = os.path.join(self.folder, "%d-%d.eml" % (time.time_ns(), self.count))
                with open(path + ".tmp", "wb") as f:
                    f.write(b"X-Envelope-To: " + ",".join(envelope.rcpt_tos).encode() + b"\\r\\n")
                    f.write(envelope.original_content or envelope.content)
                os.rename(path + ".tmp", path)
                return "250 Message accepted"

        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        controller = Controller(Handler(sys.argv[1]), hostname="127.0.0.1", port=port)
        controller.start()
        print(port, flush=True)
        sys.stdin.read()
        controller.stop()
        """

    /// Starts the server and waits for its port.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scriptURL = folder.appendingPathComponent("sink.py")
        try SMTPSink.script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let messages = folder.appendingPathComponent("messages")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptURL.path, messages.path]
        stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let line = String(decoding: stdout.fileHandleForReading.availableLine(), as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw SinkError.noPort(line)
        }
        self.port = port
    }

    enum SinkError: Error { case noPort(String) }

    /// The messages received so far, oldest first, as text.
    func messages() -> [String] {
        let messages = folder.appendingPathComponent("messages")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: messages.path)) ?? [])
            .filter { $0.hasSuffix(".eml") }.sorted()
        return names.compactMap { try? String(contentsOf: messages.appendingPathComponent($0), encoding: .utf8) }
    }

    /// Stops the server and deletes its folder.
    func stop() {
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

extension FileHandle {
    /// Reads up to and including the first newline (or to end of file).
    func availableLine() -> [UInt8] {
        var line: [UInt8] = []
        while let byte = try? read(upToCount: 1), let first = byte.first {
            if first == 0x0A { break }
            line.append(first)
        }
        return line
    }
}
