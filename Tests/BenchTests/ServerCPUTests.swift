import Testing

@testable import Bench

@Suite("Server CPU from /proc")
struct ServerCPUTests {
    @Test func readsUserPlusSystemTicksOfAStatLine() throws {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
        // cutime cstime …
        let line = "4242 (beam.smp) S 1 4242 4242 0 -1 4194560 91811 0 12 0 1500 275 0 0 20 0 38 0 1234 0 0"
        let parsed = try #require(ServerCPU.ticks(fromStat: line))
        #expect(parsed.command == "beam.smp")
        #expect(parsed.ticks == 1_775)
    }

    @Test func endedChildrenCountToo() throws {
        // A postmaster whose ended backends used 900 + 100 ticks, itself 20 + 5.
        let line = "311 (postgres) S 1 311 311 0 -1 4194560 5000 80000 0 3 20 5 900 100 20 0 1 0 55 0 0"
        #expect(try #require(ServerCPU.ticks(fromStat: line)).ticks == 1_025)
    }

    @Test func aCommandNameMayHoldSpacesAndParentheses() throws {
        let line = "77 (bench.bench (noop) x) R 1 77 77 0 -1 0 0 0 0 0 30 12 0 0 20 0 4 0 99 0 0"
        let parsed = try #require(ServerCPU.ticks(fromStat: line))
        #expect(parsed.command == "bench.bench (noop) x")
        #expect(parsed.ticks == 42)
    }

    @Test func aTruncatedOrForeignLineIsNotRead() {
        #expect(ServerCPU.ticks(fromStat: "") == nil)
        #expect(ServerCPU.ticks(fromStat: "12 (postgres) S 1 2 3") == nil)
        #expect(ServerCPU.ticks(fromStat: "12 (postgres) S 1 2 3 4 5 6 7 8 9 10 11 x 13 14 15") == nil)
        #expect(ServerCPU.ticks(fromStat: "12 postgres S 1 2 3 4 5 6 7 8 9 10 11 12 13") == nil)
    }

    @Test func thisProcessHasSpentSomeCPU() {
        // Parsing /proc/self/stat of the test process itself: it has run, so it has ticks.
        var spin = 0
        for i in 0..<20_000_000 { spin &+= i }
        #expect(spin != 0)
        #expect(ServerCPU.now().process > 0)
    }

    @Test func perMessageIsMicrosecondsEachAndUnknownServersShowAsQuestionMarks() {
        let cpu = ServerCPU(process: 0.5, broker: 1.25, postgres: 0)
        #expect(
            cpu.perMessage(10_000, processLabel: "connectbus-bench")
                == "CPU per message: broker 125 us, postgres ?, connectbus-bench 50 us")
        let later = ServerCPU(process: 1.0, broker: 2.0, postgres: 3.0)
        #expect(later.since(cpu) == ServerCPU(process: 0.5, broker: 0.75, postgres: 3.0))
    }
}
