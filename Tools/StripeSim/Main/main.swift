// stripe-sim: a stateful Stripe API simulator for local runs and tests (see Tools/StripeSim/README.md).
import Dispatch
import Foundation
import StripeSimCore

// A write to a connection whose peer is gone fails with EPIPE instead of killing the
// simulator (as the services' runtime does at start-up; the simulator does not link it).
signal(SIGPIPE, SIG_IGN)
let parsed: (port: UInt16, config: SimulatorConfig)
do {
    parsed = try SimulatorCommandLine.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("stripe-sim: \(error.message)\n\(SimulatorCommandLine.usage)\n".utf8))
    exit(2)
}
let simulator = StripeSimulator(config: parsed.config)
let port: UInt16
do {
    port = try simulator.start(port: parsed.port)
} catch {
    FileHandle.standardError.write(Data("stripe-sim: cannot listen on port \(parsed.port): \(error)\n".utf8))
    exit(1)
}
FileHandle.standardOutput.write(Data("stripe-sim listening on \(simulator.baseURL) (port \(port))\n".utf8))

signal(SIGTERM, SIG_IGN)
signal(SIGINT, SIG_IGN)
let sources = [SIGTERM, SIGINT].map { number in
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler {
        simulator.stop()
        exit(0)
    }
    source.resume()
    return source
}
withExtendedLifetime(sources) { dispatchMain() }
