import ArgumentParser
import Logging

/// `--log-level trace|debug|info|notice|warning|error|critical`, read by its raw value.
extension Logger.Level: @retroactive ExpressibleByArgument {}
