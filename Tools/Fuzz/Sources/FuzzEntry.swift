import Foundation

/// libFuzzer's entry point. One executable holds every target; `FUZZ_TARGET` picks one
/// (`scripts/fuzz.sh` sets it): see ``FuzzTargets/all``. A target returns normally for
/// any input it rejects; a crash, a trap or a broken invariant (`fuzzCheck`) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTargets.selected(bytes)
    return 0
}

/// Stops the run with a message when an invariant is broken (libFuzzer keeps the input).
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("invariant broken: \(message())\n".utf8))
        abort()
    }
}

enum FuzzTargets {
    /// Target name → function (the names of the corpus folders under Tools/Fuzz/corpus).
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "webhook-signature": WebhookFuzz.signature,
        "webhook-event": WebhookFuzz.event,
        "envelope": EnvelopeFuzz.envelope,
        "commands": EnvelopeFuzz.commands,
        "form-roundtrip": FormFuzz.roundTrip,
        "amqp-url": URLFuzz.amqp,
        "database-url": URLFuzz.database,
        "sim-request": SimFuzz.request,
    ]

    static let selected: @Sendable ([UInt8]) -> Void = {
        let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
        guard let target = all[name] else {
            FileHandle.standardError.write(Data("set FUZZ_TARGET to one of: \(all.keys.sorted().joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return target
    }()
}

/// Reads structured values from fuzz bytes (never fails: runs out into defaults).
struct ByteReader {
    var bytes: ArraySlice<UInt8>
    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
    var isAtEnd: Bool { bytes.isEmpty }

    /// Up to `max` bytes as a (lossily decoded) UTF-8 string; the length comes first.
    mutating func string(max: Int = 32) -> String {
        let count = min(Int(byte()) % (max + 1), bytes.count)
        let chunk = bytes.prefix(count)
        bytes = bytes.dropFirst(count)
        return String(decoding: chunk, as: UTF8.self)
    }

    /// The rest, as bytes.
    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}

/// libFuzzer's driver (libclang_rt.fuzzer): parses its flags from the command line and
/// runs `callback` on every input.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The executable's entry point: SwiftPM names an executable module's `main`
/// `<module>_main`; with `-parse-as-library` this file provides it and hands over to
/// libFuzzer's driver (so libFuzzer's own `main` is not linked).
@_cdecl("Fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
