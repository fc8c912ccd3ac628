import Crypto

/// SHA-256 as lower-case hex, for names that must be short and stable: a screen's version (its
/// first 16 bytes) and a cache key made from what a client sent.
///
/// ```swift
/// Digest.sha256(Array("hello".utf8), bytes: 4)   // "2cf24dba"
/// ```
enum Digest {
    static func sha256(_ data: [UInt8], bytes count: Int = 32) -> String {
        var hex = ""
        hex.reserveCapacity(count * 2)
        for byte in SHA256.hash(data: data).prefix(count) {
            hex.append(Self.digits[Int(byte >> 4)])
            hex.append(Self.digits[Int(byte & 15)])
        }
        return hex
    }

    private static let digits = Array("0123456789abcdef")
}
