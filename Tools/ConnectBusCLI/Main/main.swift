import ConnectBusCLI
import Foundation

// Reads nothing but the arguments and the environment; the library does the rest.
exit(ConnectBusCLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
