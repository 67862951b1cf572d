import Foundation

/// CPU time (user + system) of this process and of the local servers it talks to — the
/// broker's Erlang VM (`beam.smp`) and every `postgres` process — read from `/proc`, so a
/// throughput run can say where its CPU went per message. Only meaningful when the servers run on this machine, as the project's
/// scripts start them; elsewhere the server parts read 0 and are reported as unknown. A
/// backend that ends during the span is still counted (its postmaster's `cutime`/`cstime`).
/// Linux only (`/proc/<pid>/stat`); no server needed to parse (``ticks(fromStat:)``).
struct ServerCPU: Equatable {
    /// Seconds of CPU of this process (all its threads).
    var process: Double
    /// Seconds of CPU of every `beam.smp` process (RabbitMQ).
    var broker: Double
    /// Seconds of CPU of every `postgres` process (the server and its backends).
    var postgres: Double

    /// Clock ticks per second of `/proc/<pid>/stat`'s `utime`/`stime` (`sysconf(_SC_CLK_TCK)`).
    static let ticksPerSecond = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))

    /// Reads the three now. A process that ends between listing and reading counts 0.
    static func now() -> ServerCPU {
        var broker = 0, postgres = 0
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in pids where pid.first?.isNumber == true {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let (command, ticks) = ticks(fromStat: stat)
            else { continue }
            if command == "beam.smp" { broker += ticks } else if command == "postgres" { postgres += ticks }
        }
        let own = (try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8)).flatMap(ticks(fromStat:))?.ticks ?? 0
        return ServerCPU(
            process: Double(own) / ticksPerSecond, broker: Double(broker) / ticksPerSecond,
            postgres: Double(postgres) / ticksPerSecond)
    }

    /// The command name and `utime + stime + cutime + cstime` (fields 14 to 17, in clock
    /// ticks: the process's own CPU and that of its children that have ended and been waited
    /// for, such as the postmaster's ended backends) of one `/proc/<pid>/stat` line, or `nil`
    /// if it is not one. The name is what lies between the first `(` and the last `)`: it may
    /// itself hold spaces and parentheses.
    static func ticks(fromStat stat: String) -> (command: String, ticks: Int)? {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close else { return nil }
        let command = String(stat[stat.index(after: open)..<close])
        // After ") ": state (field 3), ppid, …; utime, stime, cutime and cstime are fields 14 to 17.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 15 else { return nil }
        var ticks = 0
        for field in fields[11...14] {
            guard let value = Int(field) else { return nil }
            ticks += value
        }
        return (command, ticks)
    }

    /// The CPU spent from `earlier` to `self`.
    func since(_ earlier: ServerCPU) -> ServerCPU {
        ServerCPU(process: process - earlier.process, broker: broker - earlier.broker, postgres: postgres - earlier.postgres)
    }

    /// `CPU per message: broker 131 us, postgres 64 us, connectbus 49 us` for `messages`
    /// messages (microseconds of CPU each); a server part that read no CPU at all is `?` (not
    /// on this machine).
    func perMessage(_ messages: Int, processLabel: String) -> String {
        let n = Double(max(1, messages))
        func part(_ seconds: Double) -> String { seconds > 0 ? String(format: "%.0f us", seconds * 1e6 / n) : "?" }
        return "CPU per message: broker \(part(broker)), postgres \(part(postgres)), \(processLabel) \(part(process))"
    }
}
