import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests run, started with `posix_spawn` (not Foundation's `Process`, whose exit
/// notice is lost when a grandchild keeps a descriptor it inherited) in a session and process
/// group of its own, with no descriptor of the tests but its standard input, output and error.
/// Its output and error are read as they come into ``standardOutput`` and ``standardError``, so
/// it never blocks on a full pipe; its exit is awaited on a thread of its own, never on the pool
/// that runs async code. ``stop(grace:)`` ends the whole group (a browser a driver started with
/// it), and a child nobody stopped is killed with its group when it is released.
///
///     let child = try ChildProcess.start("/usr/bin/chromedriver", ["--port=9515"])
///     try await child.standardOutput.waitForLine(containing: "started successfully")
///     ...
///     await child.stop()
///
///     let result = try await ChildProcess.run("/usr/bin/java", ["-jar", jar, file], within: .seconds(60))
///     #expect(result.status == 0, "\(result.standardError)")
public final class ChildProcess: @unchecked Sendable {
    /// The child's process id, which is also its session and process group id.
    public let pid: pid_t
    /// The program, for messages.
    public let program: String
    /// What it writes on its standard output.
    public let standardOutput: OutputBuffer
    /// What it writes on its standard error.
    public let standardError: OutputBuffer
    private let exit: ExitStatus

    /// How a child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It called exit with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "ended by signal \(signal)"
            }
        }
    }

    /// A child that ran to its end: how it ended and what it wrote.
    public struct Result: Sendable {
        public let termination: Termination
        public let standardOutput: String
        public let standardError: String
        /// Its exit status, or 128 + the signal that ended it (as a shell says).
        public var status: Int32 {
            switch termination {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// A child that could not be started.
    public struct SpawnFailure: Error, CustomStringConvertible, Sendable {
        public let program: String
        public let code: Int32
        public var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
    }

    /// Starts `program` (a path) with `arguments`. `environment` replaces the tests' own when
    /// given; `input` is written to its standard input (then closed), which is otherwise
    /// /dev/null; each output keeps its first `outputLimit` bytes.
    public static func start(
        _ program: String, _ arguments: [String] = [], environment: [String: String]? = nil, directory: String? = nil,
        input: [UInt8]? = nil, outputLimit: Int = 16 << 20
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let output = try Pipe.make()
        let error = try Pipe.make()
        let stdin = try input.map { _ in try Pipe.make() }
        defer {
            // The child's ends: its copies live on in it.
            close(output.write)
            close(error.write)
            if let stdin { close(stdin.read) }
        }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, error.write, 2)
        if let directory { _ = changeDirectory(&actions, directory) }
        // Nothing else of the tests lives on in the child: a pipe another test opened for its
        // own child at this moment would otherwise not end while this one runs.
        _ = closeFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session (and so a process group) of its own: `stop` reaches everything it starts.
        posix_spawnattr_setflags(&attributes, Int16(spawnNewSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)

        let argv = [program] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var cEnvironment = variables.map { strdup($0) } + [nil]
        defer { for variable in cEnvironment { free(variable) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else {
            close(output.read)
            close(error.read)
            if let stdin { close(stdin.write) }
            throw SpawnFailure(program: program, code: spawned)
        }
        let child = ChildProcess(pid: pid, program: program, outputLimit: outputLimit)
        child.standardOutput.drain(output.read, name: "stdout of \(pid)")
        child.standardError.drain(error.read, name: "stderr of \(pid)")
        if let stdin, let input { Self.write(input, to: stdin.write, pid: pid) }
        return child
    }

    /// Runs `program` to its end and returns how it ended and what it wrote; throws
    /// ``TimeLimitExceeded`` (after ending its group) when it has not ended within `limit`.
    public static func run(
        _ program: String, _ arguments: [String] = [], environment: [String: String]? = nil, directory: String? = nil,
        input: [UInt8]? = nil, within limit: Duration = .seconds(60)
    ) async throws -> Result {
        let child = try start(program, arguments, environment: environment, directory: directory, input: input)
        let termination: Termination
        do {
            termination = try await child.waitForExit(within: limit)
        } catch {
            await child.stop()
            throw error
        }
        // Its outputs end with it, unless something it started keeps them open: that is not waited for.
        try? await eventually(within: .seconds(2), pollingEvery: .milliseconds(5), "the outputs of \(program) to end") {
            child.standardOutput.isClosed && child.standardError.isClosed
        }
        return Result(termination: termination, standardOutput: child.standardOutput.text, standardError: child.standardError.text)
    }

    private init(pid: pid_t, program: String, outputLimit: Int) {
        self.pid = pid
        self.program = program
        standardOutput = OutputBuffer(limit: outputLimit)
        standardError = OutputBuffer(limit: outputLimit)
        exit = ExitStatus()
        exit.watch(pid)
    }

    /// How it ended, or nil while it runs.
    public var termination: Termination? { exit.termination }
    /// Whether it still runs.
    public var isRunning: Bool { exit.termination == nil }

    /// Waits until it ends; throws ``TimeLimitExceeded`` when it still runs after `limit` (it
    /// is left running: ``stop(grace:)`` ends it).
    @discardableResult
    public func waitForExit(within limit: Duration = .seconds(60)) async throws -> Termination {
        let what = "\(program) (pid \(pid)) to exit"
        do {
            try await eventually(within: limit, pollingEvery: .milliseconds(5), what) { exit.termination != nil }
        } catch is ConditionNotMet {
            throw TimeLimitExceeded(what: what, limit: limit)
        }
        return exit.termination!
    }

    /// Ends the child and everything in its session or process group (what it started, even
    /// after it has itself ended): SIGTERM, then SIGKILL to whatever is left after `grace`, and
    /// waits (bounded) until the child is reaped.
    public func stop(grace: Duration = .seconds(2)) async {
        signalAll(SIGTERM)
        try? await eventually(within: grace, pollingEvery: .milliseconds(10), "\(program) to end") {
            exit.termination != nil && Self.members(of: pid).isEmpty
        }
        signalAll(SIGKILL)
        try? await eventually(within: .seconds(5), pollingEvery: .milliseconds(10), "\(program) to be reaped") {
            exit.termination != nil
        }
    }

    /// Sends `signal` to the group and to every process left in the child's session or group.
    public func signalAll(_ signal: Int32) {
        _ = kill(-pid, signal)
        for member in Self.members(of: pid) { _ = kill(member, signal) }
    }

    /// Processes whose session or process group is `leader`'s (read from /proc), but not zombies.
    public static func members(of leader: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // After "(name)": state ppid pgrp session …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, fields[0] != "Z", fields[0] != "X" else { return nil }
            return fields[2] == "\(leader)" || fields[3] == "\(leader)" ? pid : nil
        }
    }

    deinit {
        // Nobody stopped it: nothing it started outlives its test.
        if exit.termination == nil || !Self.members(of: pid).isEmpty { signalAll(SIGKILL) }
    }

    private static func write(_ input: [UInt8], to descriptor: Int32, pid: pid_t) {
        let thread = Thread {
            var offset = 0
            while offset < input.count {
                let written = input[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written > 0 {
                    offset += written
                } else if written < 0, errno != EINTR {
                    break
                }
            }
            close(descriptor)
        }
        thread.name = "stdin of \(pid)"
        thread.start()
    }
}

/// A child's exit, noticed by a thread that waits for it (and reaps it) with `waitpid`.
private final class ExitStatus: @unchecked Sendable {
    // Safe: `ended` is read and written with `lock` held.
    private let lock = NSLock()
    private var ended: ChildProcess.Termination?

    var termination: ChildProcess.Termination? { lock.withLock { ended } }

    func watch(_ pid: pid_t) {
        let thread = Thread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                guard errno == EINTR else {
                    lock.withLock { ended = .exited(-1) }
                    return
                }
            }
            let signal = status & 0x7f
            let termination: ChildProcess.Termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
            lock.withLock { ended = termination }
        }
        thread.name = "waitpid \(pid)"
        thread.start()
    }
}

/// A pipe whose two ends are closed on exec, so no other child inherits them.
private struct Pipe {
    let read: Int32
    let write: Int32

    static func make() throws -> Pipe {
        var ends: [Int32] = [0, 0]
        guard pipeClosedOnExec(&ends, O_CLOEXEC) == 0 else { throw ChildProcess.SpawnFailure(program: "pipe", code: errno) }
        return Pipe(read: ends[0], write: ends[1])
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its module map does
/// not show to Swift: the child closes every descriptor from `lowest` on before it runs.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), hidden from Swift as the one above.
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func changeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32

/// glibc's `pipe2`, which its module map shows only with _GNU_SOURCE.
@_silgen_name("pipe2")
private func pipeClosedOnExec(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// glibc's `POSIX_SPAWN_SETSID` (2.26 and later; not shown to Swift either): the child leads a new
/// session, and so a new process group.
private let spawnNewSession: Int32 = 0x80
