/// The arguments of one verb, split into positionals, options with values and flags.
///
/// Accepts `--name value`, `--name=value` and `--` (everything after it is positional).
/// Options may repeat (``values(_:)``). Unknown options and missing values are usage
/// errors naming the option. A plain value; thread-safe.
public struct ParsedArguments: Sendable, Equatable {
    /// Arguments that are not options, in order.
    public var positionals: [String] = []
    /// Option values by name (without the leading `--`), in the order given.
    public var options: [String: [String]] = [:]
    /// Flags that were given (without the leading `--`).
    public var flags: Set<String> = []

    /// Parses `arguments` for `verb`, which accepts the options `options` (take a value)
    /// and the flags `flags` (take none); `--help`/`-h` is always accepted as a flag.
    /// - Throws: ``CLIError`` (usage) for an unknown option or an option without value.
    public init(_ arguments: [String], verb: String, options: Set<String>, flags: Set<String>) throws(CLIError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "-h" || argument == "--help" { self.flags.insert("help"); continue }
            guard argument.hasPrefix("--") else {
                throw .usage("unknown option \(argument) (options are spelled --name)", verb: verb)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw .usage("--\(name) takes no value", verb: verb) }
                self.flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    self.options[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw .usage("--\(name) needs a value", verb: verb) }
                    self.options[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                let known = (options.union(flags).sorted().map { "--\($0)" } + ["--help"]).joined(separator: ", ")
                throw .usage("unknown option --\(name) for `\(verb)` (known: \(known))", verb: verb)
            }
        }
    }

    /// True when the flag was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value of an option, or nil.
    public func value(_ name: String) -> String? { options[name]?.last }

    /// Every value of a repeatable option.
    public func values(_ name: String) -> [String] { options[name] ?? [] }

    /// The option as a number, or nil when absent.
    /// - Throws: ``CLIError`` (usage) when the value is not a number within `range`.
    public func number(_ name: String, verb: String, in range: ClosedRange<Double>) throws(CLIError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), range.contains(number) else {
            throw .usage(
                "--\(name) must be a number between \(range.lowerBound) and \(range.upperBound), got \"\(text)\"",
                verb: verb)
        }
        return number
    }

    /// The option as an integer, or nil when absent.
    /// - Throws: ``CLIError`` (usage) when the value is not an integer within `range`.
    public func integer(_ name: String, verb: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .usage(
                "--\(name) must be an integer between \(range.lowerBound) and \(range.upperBound), got \"\(text)\"",
                verb: verb)
        }
        return number
    }
}
