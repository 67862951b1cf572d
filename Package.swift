// swift-tools-version:6.0
// ConnectBus: Swift services for a Stripe Connect platform that talk only over AMQP.
// Dependency direction (top depends on bottom):
//   executables → service libraries → Runtime → Bus, Store, HTTPServer, StripeAPI → Messages
//   C modules (CRabbitMQ, CLibPQ, CCurl, CMicroHTTPD, CCrypto, CShims) sit under the Swift
//   libraries that wrap them. RuntimeCore (threads and BackgroundLoop, logging, configuration
//   reading, metrics, JSON escaping) uses no C module and nothing of ours: Runtime re-exports
//   it, StripeAPI, StripeSimCore and the CLI build on it. StripeSimCore shares nothing with
//   StripeAPI but HTTPServer and RuntimeCore.
import PackageDescription

/// Applied to every Swift target: Swift 6 language mode, strict concurrency.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

func system(_ name: String, _ pkgConfig: String, _ apt: String) -> Target {
    .systemLibrary(
        name: name, path: "Shared/\(name)", pkgConfig: pkgConfig,
        providers: [.apt([apt])])
}

func library(_ name: String, path: String, _ deps: [Target.Dependency], exclude: [String] = []) -> Target {
    .target(name: name, dependencies: deps, path: path, exclude: exclude, swiftSettings: swiftSettings)
}

/// How release executables are linked on Linux, to keep an idle service small
/// (Shared/Link/README.md, each measured there):
/// - lld with packed relative relocations (`DT_RELR`, glibc 2.36+): the loader reads a
///   10 KB table instead of 1.2 MB of `R_X86_64_RELATIVE` entries;
/// - no exported symbols (the static Swift runtime's link arguments pass `-export-dynamic`,
///   which puts every symbol of the service's own modules in the dynamic symbol table);
/// - libstdc++ from its static archive (the statically linked Swift runtime is its only
///   user): `Shared/Link/libstdc++.so` is a linker script, found first by the runtime's
///   `-lstdc++`, that names `libstdc++.a`;
/// - the functions a service runs at start-up, idle and on its first commands first
///   (`Shared/Link/symbol-order.txt`, written by `scripts/symbol-order.sh`), so the pages
///   the kernel maps around them hold code that runs rather than code that never does.
let releaseLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--no-export-dynamic",
            "-L", Context.packageDirectory + "/Shared/Link",
            "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/Shared/Link/symbol-order.txt",
            "-Xlinker", "--no-warn-symbol-ordering",
        ], .when(platforms: [.linux], configuration: .release))
]

func executable(_ name: String, path: String, _ deps: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name, dependencies: deps, path: path, swiftSettings: swiftSettings,
        linkerSettings: releaseLinkerSettings)
}

func tests(_ name: String, _ deps: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: deps, path: "Tests/\(name)", swiftSettings: swiftSettings)
}

let package = Package(
    name: "ConnectBus",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "onboarding", targets: ["OnboardingMain"]),
        .executable(name: "payments", targets: ["PaymentsMain"]),
        .executable(name: "terminal-gateway", targets: ["TerminalGatewayMain"]),
        .executable(name: "notifications", targets: ["NotificationsMain"]),
        .executable(name: "connectbus", targets: ["ConnectBusMain"]),
        .executable(name: "stripe-sim", targets: ["StripeSimMain"]),
        .executable(name: "connectbus-bench", targets: ["Bench"]),
        .executable(name: "connectbus-fuzz", targets: ["Fuzz"]),
        // For a platform service written in Swift: the message types and the AMQP client.
        .library(name: "Messages", targets: ["Messages"]),
        .library(name: "Bus", targets: ["Bus"]),
    ],
    targets: [
        // C libraries from Debian, through pkg-config.
        system("CRabbitMQ", "librabbitmq", "librabbitmq-dev"),
        system("CLibPQ", "libpq", "libpq-dev"),
        system("CCurl", "libcurl", "libcurl4-openssl-dev"),
        system("CMicroHTTPD", "libmicrohttpd", "libmicrohttpd-dev"),
        system("CCrypto", "libcrypto", "libssl-dev"),
        // Fixed-argument wrappers for variadic C functions Swift cannot import.
        .target(
            name: "CShims", dependencies: ["CCurl", "CRabbitMQ", "CMicroHTTPD"],
            path: "Shared/CShims"),

        // Shared libraries.
        library("Messages", path: "Shared/Messages", []),
        library("RuntimeCore", path: "Shared/RuntimeCore", [], exclude: ["README.md"]),
        library("Bus", path: "Shared/Bus", ["Messages", "CRabbitMQ", "CShims"], exclude: ["README.md"]),
        library("Store", path: "Shared/Store", ["CLibPQ"], exclude: ["README.md"]),
        library("HTTPServer", path: "Shared/HTTPServer", ["CMicroHTTPD", "CShims"]),
        library("StripeAPI", path: "Shared/StripeAPI", ["RuntimeCore", "CCurl", "CCrypto", "CShims"], exclude: ["README.md"]),
        library(
            "Runtime", path: "Shared/Runtime", ["RuntimeCore", "Messages", "Bus", "Store", "HTTPServer", "StripeAPI", "CCrypto", "CShims"],
            exclude: ["README.md"]),
        library("TestKit", path: "Shared/TestKit", ["Bus", "Messages", "Store", "CCurl", "CShims"]),

        // Services: a schema target (the Postgres schema's name and migrations), a library
        // with all the logic, and a thin executable.
        library("OnboardingSchema", path: "Services/Onboarding/Schema", ["Store"]),
        library(
            "OnboardingService", path: "Services/Onboarding/Sources",
            ["OnboardingSchema", "Runtime", "Store", "StripeAPI", "Messages"]),
        executable("OnboardingMain", path: "Services/Onboarding/Main", ["OnboardingService", "Runtime"]),
        library("PaymentsSchema", path: "Services/Payments/Schema", ["Store"]),
        library(
            "PaymentsService", path: "Services/Payments/Sources",
            ["PaymentsSchema", "Runtime", "Bus", "Store", "StripeAPI", "Messages"]),
        executable("PaymentsMain", path: "Services/Payments/Main", ["PaymentsService", "Runtime"]),
        library("TerminalGatewaySchema", path: "Services/TerminalGateway/Schema", ["Store"]),
        library(
            "TerminalGateway", path: "Services/TerminalGateway/Sources",
            ["TerminalGatewaySchema", "Runtime", "Bus", "Store", "StripeAPI", "Messages"]),
        executable("TerminalGatewayMain", path: "Services/TerminalGateway/Main", ["TerminalGateway", "Runtime"]),
        library("NotificationsSchema", path: "Services/Notifications/Schema", ["Store"]),
        library(
            "NotificationsService", path: "Services/Notifications/Sources",
            ["NotificationsSchema", "Runtime", "Bus", "Store", "StripeAPI", "Messages", "HTTPServer", "CCurl", "CShims"]),
        executable("NotificationsMain", path: "Services/Notifications/Main", ["NotificationsService", "Runtime"]),

        // Tools.
        library("StripeSimCore", path: "Tools/StripeSim/Sources", ["RuntimeCore", "HTTPServer", "CCrypto", "CCurl", "CShims"]),
        executable("StripeSimMain", path: "Tools/StripeSim/Main", ["StripeSimCore"]),
        // The CLI links the services' schema targets (for `migrate`), not the services.
        library(
            "ConnectBusCLI", path: "Tools/ConnectBusCLI/Sources",
            [
                "Runtime", "Bus", "Messages", "Store", "StripeAPI",
                "OnboardingSchema", "PaymentsSchema", "TerminalGatewaySchema", "NotificationsSchema",
            ]),
        executable("ConnectBusMain", path: "Tools/ConnectBusCLI/Main", ["ConnectBusCLI"]),
        executable("Bench", path: "Tools/Bench", ["Runtime", "Bus", "Store", "Messages", "StripeAPI"]),
        // libFuzzer targets (scripts/fuzz.sh builds them instrumented with -sanitize=fuzzer);
        // libFuzzer's own main is linked in every build, so a plain build runs a corpus too.
        .executableTarget(
            name: "Fuzz",
            dependencies: [
                "StripeAPI", "StripeSimCore", "HTTPServer", "Messages", "Bus",
                "Store", "NotificationsService",
            ],
            path: "Tools/Fuzz/Sources",
            swiftSettings: swiftSettings + [.unsafeFlags(["-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]),

        // Tests mirror the module layout.
        tests("MessagesTests", ["Messages"]),
        tests("BenchTests", ["Bench"]),
        tests("ConnectBusCLITests", ["ConnectBusCLI", "Messages"]),
        tests("BusTests", ["Bus", "Messages", "TestKit", "CRabbitMQ"]),
        tests("StoreTests", ["Store", "TestKit"]),
        tests("HTTPServerTests", ["HTTPServer", "TestKit"]),
        tests("RuntimeCoreTests", ["RuntimeCore"]),
        tests("RuntimeTests", ["Runtime", "Bus", "Store", "Messages", "StripeAPI", "HTTPServer", "TestKit", "StripeSimCore"]),
        tests("StripeAPITests", ["StripeAPI", "StripeSimCore", "HTTPServer"]),
        tests("StripeSimTests", ["StripeSimCore", "HTTPServer", "TestKit", "CCrypto", "CCurl", "CShims"]),
        tests(
            "OnboardingServiceTests",
            [
                "OnboardingService", "OnboardingSchema", "Runtime", "Bus", "Store", "Messages",
                "StripeAPI", "StripeSimCore", "TestKit",
            ]),
        tests(
            "PaymentsServiceTests",
            [
                "PaymentsService", "PaymentsSchema", "Runtime", "Bus", "Store", "Messages",
                "HTTPServer", "StripeAPI", "StripeSimCore", "TestKit",
            ]),
        tests(
            "TerminalGatewayTests",
            [
                "TerminalGateway", "TerminalGatewaySchema", "Runtime", "Bus", "Store", "Messages",
                "StripeAPI", "StripeSimCore", "TestKit",
            ]),
        tests(
            "NotificationsServiceTests",
            [
                "NotificationsService", "NotificationsSchema", "Runtime", "Bus", "Store",
                "Messages", "HTTPServer", "StripeAPI", "StripeSimCore", "TestKit",
            ]),
        tests(
            "EndToEndTests",
            [
                "ConnectBusCLI", "OnboardingService", "PaymentsService", "TerminalGateway",
                "NotificationsService", "Runtime", "Bus", "Store", "Messages", "StripeAPI",
                "TestKit", "StripeSimCore", "HTTPServer", "OnboardingSchema", "PaymentsSchema",
                "TerminalGatewaySchema", "NotificationsSchema",
            ]),
    ]
)
