import ArgumentParser
import Foundation
import Logging
import ScreenplayServer

/// How `screenplay serve` verifies users' tokens (`Screenplay-User-Token`): an ES256 public key
/// (`--user-token-key`) or an HS256 secret (`SCREENPLAY_USER_TOKEN_SECRET`), or none.
///
/// ```swift
/// configuration.userTokens = try options.verifier(logger: logger)
/// ```
struct UserTokenOptions: ParsableArguments {
    @Option(help: "A PEM file with the P-256 public key that signs users' ES256 tokens (Screenplay-User-Token): only verified users count.")
    var userTokenKey: String?

    @Option(help: "The issuer (iss) users' tokens must name, when verified.")
    var userTokenIssuer: String?

    @Option(help: "The audience (aud) users' tokens must name, when verified.")
    var userTokenAudience: String?

    /// The verifier the options and the environment configure, if any; says in the log who counts as a user.
    func verifier(logger: Logger) throws -> UserTokenVerifier? {
        let verifier = try verifier()
        if verifier == nil {
            logger.warning(
                "users: Screenplay-User is taken as said (no user token key): anyone can claim any user id in experiments and events")
        } else {
            logger.info("users: only verified Screenplay-User-Token holders count in experiments and events")
        }
        return verifier
    }

    /// The verifier the options and the environment configure, if any.
    func verifier() throws -> UserTokenVerifier? {
        let secret = ProcessInfo.processInfo.environment["SCREENPLAY_USER_TOKEN_SECRET"]
        let key: UserTokenVerifier.Key
        switch (userTokenKey, secret) {
        case (nil, nil): return nil
        case (let path?, nil):
            guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else { throw ValidationError("cannot read \(path)") }
            key = .es256(publicKeyPEM: pem)
        case (nil, let encoded?):
            guard let bytes = Data(base64Encoded: encoded) else { throw ValidationError("SCREENPLAY_USER_TOKEN_SECRET must be base64") }
            key = .hs256(secret: Array(bytes))
        case (_?, _?): throw ValidationError("give --user-token-key or SCREENPLAY_USER_TOKEN_SECRET, not both")
        }
        do {
            return try UserTokenVerifier(key: key, issuer: userTokenIssuer, audience: userTokenAudience)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
