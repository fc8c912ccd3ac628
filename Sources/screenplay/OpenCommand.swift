import ArgumentParser
import Foundation
import ScreenplayClient
import ScreenplayDSL

/// `screenplay open URL [--lang fr] [--user ID] [--cache DIR] [--fill KEY=VALUE]... [--tap ID|LABEL]...`:
/// the headless client. Prints the screen as an outline after loading and after each step, in the
/// order the steps are given.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a server-driven screen as an app would, and print what it shows.",
        discussion: """
            Loads URL (a screen of a Screenplay server, such as http://127.0.0.1:8080/screens/cities) with the \
            client runtime: capability headers, Accept-Language, the disk cache when --cache is given. Prints the \
            screen as an outline, then runs each --fill and --tap in the order given and prints what happened and \
            the screen after each. A line says when the screen is stale, when a native route (--native) or the web \
            fallback was chosen, and which URL. Exits 1 when a screen, an intent or a step fails, with the reason.
            """
    )

    @Argument(help: "The screen's URL.")
    var url: String

    @Option(name: .customLong("lang"), help: "Preferred language (repeat for fallbacks: --lang fr --lang en).")
    var languages: [String] = ["en"]

    @Option(help: "User id sent as Screenplay-User.")
    var user: String?

    @Option(help: "Keep screens in this directory between runs (the offline cache).")
    var cache: String?

    @Option(help: "Where paths the server does not serve open (default: the server).")
    var web: String?

    @Option(help: "Register a native route pattern such as /cars/:id (repeatable).")
    var native: [String] = []

    @Option(help: "Type VALUE into the text field KEY (repeatable; format KEY=VALUE).")
    var fill: [String] = []

    @Option(help: "Tap the node with this id or label (repeatable).")
    var tap: [String] = []

    @Option(help: "After the steps, keep following the screen's live stream for this many seconds, printing each update.")
    var watch: Double = 0

    enum Step {
        case fill(key: String, value: String)
        case tap(String)
    }

    /// The steps in command-line order (ArgumentParser keeps each option's values, not their interleaving).
    func steps(arguments: [String]) throws -> [Step] {
        var steps: [Step] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            for name in ["--fill", "--tap"] {
                var value: String?
                if argument == name, index + 1 < arguments.count {
                    value = arguments[index + 1]
                    index += 1
                } else if argument.hasPrefix(name + "=") {
                    value = String(argument.dropFirst(name.count + 1))
                }
                guard let value else { continue }
                if name == "--tap" {
                    steps.append(.tap(value))
                } else {
                    guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                        throw ValidationError("--fill takes KEY=VALUE, got \"\(value)\"")
                    }
                    steps.append(.fill(key: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
                }
            }
            index += 1
        }
        guard steps.count == fill.count + tap.count else { throw ValidationError("could not read the order of --fill and --tap") }
        return steps
    }

    @MainActor
    func run() async throws {
        guard let target = URL(string: url), let scheme = target.scheme, ["http", "https"].contains(scheme.lowercased()),
            let host = target.host
        else {
            throw ValidationError("URL must be an http(s) URL of a screen, such as http://127.0.0.1:8080/screens/home")
        }
        var origin = URLComponents()
        origin.scheme = scheme
        origin.host = host
        origin.port = target.port
        guard let server = origin.url else { throw ValidationError("cannot read the server of \(url)") }
        var configuration = ClientConfiguration(
            server: server, web: web.flatMap(URL.init(string:)), preferredLanguages: languages, user: user)
        configuration.platform = "terminal"
        let steps = try steps(arguments: Array(CommandLine.arguments.dropFirst()))
        let diskCache = try cache.map { try ScreenCache(directory: URL(fileURLWithPath: $0)) }
        let runtime = ScreenplayRuntime(
            configuration: configuration, cache: diskCache,
            diagnostics: { diagnostics, url in
                for diagnostic in diagnostics where diagnostic.severity == .error || diagnostic.code.name == "corruptCache" {
                    printError("\(url.absoluteString): \(diagnostic)")
                }
            })
        for pattern in native { runtime.router.register(pattern) { _ in } }
        runtime.webFallback = { _ in }
        runtime.openExternally = { _ in }
        let driver = HeadlessDriver(runtime: runtime)

        var seen = 0
        await runtime.open(url)
        try Self.report(runtime: runtime, driver: driver, seen: &seen)
        for step in steps {
            print("")
            let outcome: Result<Void, HeadlessDriver.StepError>
            switch step {
            case .fill(let key, let value):
                print("> fill \(key)=\(value)")
                outcome = Result { () throws(HeadlessDriver.StepError) in try driver.fill(key, with: value) }
            case .tap(let target):
                print("> tap \(target)")
                do {
                    try await driver.tap(target)
                    outcome = .success(())
                } catch { outcome = .failure(error) }
            }
            if case .failure(let error) = outcome { throw Failure(reason: error.description) }
            try Self.report(runtime: runtime, driver: driver, seen: &seen)
        }
        if watch > 0, let store = runtime.current {
            let deadline = ContinuousClock.now + .milliseconds(Int(watch * 1_000))
            var shown = store.screen
            while ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(50))
                guard store.screen != shown else { continue }
                shown = store.screen
                print("")
                print("→ live update\(store.version.map { " (version \($0))" } ?? "")")
                print(driver.outline(), terminator: "")
            }
        }
    }

    /// Prints the events since the last report and the screen; throws when one of them is a failure.
    @MainActor
    static func report(runtime: ScreenplayRuntime, driver: HeadlessDriver, seen: inout Int) throws {
        let events = Array(runtime.events(since: seen))
        seen = runtime.eventCount
        for event in events {
            if case .openedScreen = event { continue }
            print("→ \(event)")
        }
        // A failed screen's outline only repeats the failure just printed.
        let failedScreen = if case .failed? = runtime.current?.phase { true } else { false }
        if !failedScreen { print(driver.outline(), terminator: "") }
        // Said once, above: exit 1 without ArgumentParser's "Error:" line repeating it.
        if failedScreen || events.contains(where: { Self.failure($0) != nil }) { throw ExitCode(1) }
    }

    static func failure(_ event: RuntimeEvent) -> String? {
        switch event {
        case .refused, .intentFailed, .loadFailed: event.description
        default: nil
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}

extension OpenCommand.Failure: LocalizedError {
    var errorDescription: String? { reason }
}
