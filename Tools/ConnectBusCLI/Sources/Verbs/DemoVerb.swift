import Foundation

/// `connectbus demo [--keep-running | --no-story | --stop]`: runs the repository's
/// `scripts/demo.sh` (the store-builder story, checked) with this build's executables.
public enum DemoVerb: Verb {
    /// `demo`.
    public static let name = "demo"
    /// One line for the verb list.
    public static let summary = "run the store-builder demo (scripts/demo.sh) with these executables"
    /// Options that take a value.
    public static let options: Set<String> = []
    /// Options without value.
    public static let flags: Set<String> = ["keep-running", "no-story", "stop"]
    /// Executables the demo starts; all must sit beside this one to skip the build.
    public static let products = ["stripe-sim", "onboarding", "payments", "terminal-gateway", "notifications", "connectbus"]
    /// The help text.
    public static let help = """
        usage: connectbus demo [--keep-running | --no-story | --stop]

        Runs scripts/demo.sh of the ConnectBus checkout: starts RabbitMQ, Postgres,
        stripe-sim, an SMTP sink and the four services, plays the store-builder story with
        `connectbus story`, which prints and checks the summary, and stops everything. When the
        other executables sit beside this one, they are used (DEMO_BIN_DIR) instead of a build.
          --keep-running   leave everything running afterwards
          --no-story       only start everything, check the services' health and leave it
                           running (stop it with --stop)
          --stop           stop what a --keep-running demo left behind
        The checkout is $CONNECTBUS_REPO, or the first folder above the current one that has
        scripts/demo.sh. Exit status: the script's (1 when a check of the summary fails).
        """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("demo takes no positional arguments", verb: name)
        }
        let env = ProcessInfo.processInfo.environment
        guard let script = findScript(from: env["CONNECTBUS_REPO"] ?? FileManager.default.currentDirectoryPath) else {
            throw CLIError(
                "scripts/demo.sh not found above \(FileManager.default.currentDirectoryPath)",
                hint: "run it from the ConnectBus checkout, or set CONNECTBUS_REPO to it")
        }
        var childEnvironment = env
        if childEnvironment["DEMO_BIN_DIR"] == nil, let folder = siblingExecutables() {
            childEnvironment["DEMO_BIN_DIR"] = folder
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["keep-running", "no-story", "stop"].filter(arguments.has).map { "--" + $0 }
        process.environment = childEnvironment
        do {
            try process.run()
        } catch {
            throw CLIError("cannot run \(script): \(error)", hint: "check that the file is executable")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The folder of this executable, or nil when it cannot be told.
    static func executableFolder() -> String? {
        // Linux: /proc/self/exe names this executable whatever argv[0] says.
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().path
        guard path.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// `<folder>/scripts/demo.sh` for `start` or the nearest parent that has it.
    static func findScript(from start: String) -> String? {
        var folder = URL(fileURLWithPath: start).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent("scripts/demo.sh").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The folder of this executable when every product is there.
    static func siblingExecutables() -> String? {
        guard let folder = executableFolder() else { return nil }
        let all = products.allSatisfy { FileManager.default.isExecutableFile(atPath: folder + "/" + $0) }
        return all ? folder : nil
    }
}
