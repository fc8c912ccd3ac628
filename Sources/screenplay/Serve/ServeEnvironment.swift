import ArgumentParser
import Crypto
import Foundation
import Logging
import ScreenplayControl
import ScreenplayServer

/// The secrets `screenplay serve` reads from its environment rather than its options: the key that
/// signs client state (`SCREENPLAY_STATE_KEY`) and the admin API's tokens (`SCREENPLAY_ADMIN_TOKENS`).
///
/// ```swift
/// let environment = ServeEnvironment()
/// let signer = try environment.stateSigner(logger: logger)
/// ```
struct ServeEnvironment {
    /// The variables, by name.
    var variables = ProcessInfo.processInfo.environment

    /// The signer of client state: `SCREENPLAY_STATE_KEY` (base64, at least 32 bytes), or a random
    /// development key, with a warning.
    func stateSigner(logger: Logger) throws -> StateSigner {
        guard let encoded = variables["SCREENPLAY_STATE_KEY"] else {
            logger.warning(
                """
                *** SCREENPLAY_STATE_KEY is not set: signing client state with a random development key. \
                State tokens will not survive a restart or work across processes. Do not run this in production. ***
                """)
            return .development()
        }
        guard let key = Data(base64Encoded: encoded), key.count >= 32 else {
            throw ValidationError("SCREENPLAY_STATE_KEY must be base64 of at least 32 bytes")
        }
        return StateSigner(key: SymmetricKey(data: key))
    }

    /// The admin API's tokens (`SCREENPLAY_ADMIN_TOKENS`: name:role:token,…); none disables /admin, with a warning.
    func adminTokens(logger: Logger) throws -> AdminTokens {
        let tokens: AdminTokens
        do {
            tokens = try AdminTokens(parsing: variables["SCREENPLAY_ADMIN_TOKENS"] ?? "")
        } catch {
            throw ValidationError("SCREENPLAY_ADMIN_TOKENS: \(error.message)")
        }
        if tokens.isEmpty {
            logger.warning(
                "*** No admin token is configured: the admin API (/admin) is DISABLED. Set SCREENPLAY_ADMIN_TOKENS=name:admin:<24+ characters> to enable it. ***"
            )
        }
        return tokens
    }
}
