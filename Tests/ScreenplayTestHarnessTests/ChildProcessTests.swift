import Foundation
import ScreenplayTestHarness
import Testing

/// The child-process runner: a whole process group ends with its child, pipes are drained while
/// it runs, and waits are bounded.
struct ChildProcessTests {
    @Test func stoppingEndsAGrandchildThatIgnoresSIGTERMAndHoldsThePipe() async throws {
        // The grandchild ignores SIGTERM and keeps the child's standard output open.
        let child = try ChildProcess.start("/bin/sh", ["-c", "trap '' TERM; (trap '' TERM; sleep 600) & echo ready; wait"])
        try await child.standardOutput.waitForLine(containing: "ready", within: .seconds(20))
        #expect(ChildProcess.members(of: child.pid).count >= 2)
        await child.stop(grace: .milliseconds(200))
        #expect(child.termination == .signalled(SIGKILL))
        #expect(ChildProcess.members(of: child.pid).isEmpty)
        // With the grandchild gone, the output ends.
        try await eventually(within: .seconds(10), "the output to end") { child.standardOutput.isClosed }
    }

    @Test func aGrandchildKeepingThePipeDoesNotHideTheChildsExit() async throws {
        let child = try ChildProcess.start("/bin/sh", ["-c", "sleep 600 & exit 3"])
        #expect(try await child.waitForExit(within: .seconds(20)) == .exited(3))
        #expect(!child.standardOutput.isClosed)
        await child.stop(grace: .milliseconds(200))
        try await eventually(within: .seconds(10), "the output to end") { child.standardOutput.isClosed }
    }

    @Test func aWaitForExitEndsAtItsLimitAndTheChildCanStillBeStopped() async throws {
        let child = try ChildProcess.start("/bin/sleep", ["600"])
        await #expect(throws: TimeLimitExceeded.self) { try await child.waitForExit(within: .milliseconds(50)) }
        #expect(child.isRunning)
        await child.stop()
        #expect(child.termination == .signalled(SIGTERM))
    }

    @Test func aChildWritingMoreThanAPipeHoldsIsDrainedWhileItRuns() async throws {
        let result = try await ChildProcess.run(
            "/bin/sh", ["-c", "head -c 1048576 /dev/zero >&2; echo done"], within: .seconds(30))
        #expect(result.status == 0)
        #expect(result.standardError.utf8.count == 1_048_576)
        #expect(result.standardOutput == "done\n")
    }

    @Test func inputIsWrittenWhileOutputIsRead() async throws {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        let result = try await ChildProcess.run("/bin/cat", input: input, within: .seconds(30))
        #expect(result.standardOutput.utf8.count == input.count)
    }

    @Test func theChildGetsNoDescriptorOfTheTestsButItsThree() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0) // not close-on-exec: Foundation's Process would hand it on
        defer {
            close(ends[0])
            close(ends[1])
        }
        let result = try await ChildProcess.run("/bin/sh", ["-c", "ls /proc/self/fd"], within: .seconds(30))
        // 0, 1, 2 and the one `ls` opens to read the folder.
        #expect(result.standardOutput.split(separator: "\n").count <= 4, "\(result.standardOutput)")
    }

    @Test func aProgramThatIsMissingFailsToStart() {
        #expect(throws: ChildProcess.SpawnFailure.self) { try ChildProcess.start("/nonexistent/program") }
    }
}
