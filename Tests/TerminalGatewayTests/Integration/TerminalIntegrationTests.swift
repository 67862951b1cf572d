import Testing
import TestKit

/// The parent of every integration suite that runs the terminal-gateway host: they all
/// consume the real queue names, so they run one at a time (`.serialized` applies to the
/// nested suites too) even when the test runner runs tests in parallel.
@Suite("Terminal gateway integration", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct TerminalIntegrationTests {}
