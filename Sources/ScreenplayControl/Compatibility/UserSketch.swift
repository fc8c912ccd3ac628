import Foundation

/// An estimate of how many distinct users were seen, in at most 1 KiB whatever their number:
/// what the capability census keeps per entry and day, so that the compatibility report can give
/// the share of users a change reaches as well as the share of requests.
///
/// A HyperLogLog of precision 10: 1,024 one-byte registers, a standard error of about 3 %. Up to
/// ``maxExact`` users it keeps their hashes instead (no more bytes than the registers), so small
/// counts are exact; past them, linear counting while registers are empty, so counts in the
/// thousands are close too. A user id is hashed with 64-bit FNV-1a and splitmix64's finaliser:
/// the same in every process, so sketches written by two instances merge.
///
/// Merging is register-wise maximum (or the union of the hashes): a user seen by two instances,
/// or on two days, is counted once in their merge.
///
/// ```swift
/// var sketch = UserSketch()
/// sketch.insert("alice")
/// sketch.insert("alice")          // no change
/// sketch.insert("bob")
/// sketch.estimate                 // 2
/// let stored = sketch.bytes       // [1, 0, …]: version, kind, hashes or registers
/// let read = UserSketch(bytes: stored)   // nil for another version or a broken length
/// ```
public struct UserSketch: Sendable, Hashable {
    /// The stored layout's version: the first byte of ``bytes``.
    public static let version: UInt8 = 1
    /// Bits of a hash that choose a register: 2¹⁰ = 1,024 registers.
    public static let precision = 10
    /// Registers of a full sketch.
    public static let registerCount = 1 << precision
    /// The most users kept as exact hashes (8 bytes each, within the registers' 1,024 bytes).
    public static let maxExact = 127
    /// The most bytes ``bytes`` holds: version, kind and the registers.
    public static let maxBytes = 2 + registerCount

    /// Exact hashes (sorted, distinct) while there are few; registers after.
    enum Storage: Sendable, Hashable {
        case exact([UInt64])
        case registers([UInt8])
    }

    var storage: Storage = .exact([])

    /// An empty sketch.
    public init() {}

    /// A sketch as ``bytes`` stored it, or nil when `bytes` is of another version, kind or length,
    /// or holds a register no hash can set.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 2, bytes[0] == Self.version else { return nil }
        let body = bytes[2...]
        switch bytes[1] {
        case 0:
            guard body.count % 8 == 0, body.count / 8 <= Self.maxExact else { return nil }
            var hashes: [UInt64] = []
            hashes.reserveCapacity(body.count / 8)
            var index = body.startIndex
            while index < body.endIndex {
                var value: UInt64 = 0
                for byte in body[index..<index + 8] { value = value << 8 | UInt64(byte) }
                // Sorted and distinct, as written: anything else was not written by a sketch.
                if let last = hashes.last, last >= value { return nil }
                hashes.append(value)
                index += 8
            }
            storage = .exact(hashes)
        case 1:
            let maxRank = UInt8(64 - Self.precision + 1)
            guard body.count == Self.registerCount, !body.contains(where: { $0 > maxRank }) else { return nil }
            storage = .registers(Array(body))
        default:
            return nil
        }
    }

    /// The sketch as stored: the version byte, a kind byte (0: exact hashes, 1: registers), then
    /// the hashes (8 bytes each, big-endian) or the 1,024 registers. At most ``maxBytes``.
    public var bytes: [UInt8] {
        switch storage {
        case .exact(let hashes):
            var bytes: [UInt8] = [Self.version, 0]
            bytes.reserveCapacity(2 + 8 * hashes.count)
            for hash in hashes {
                for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: hash >> UInt64(shift))) }
            }
            return bytes
        case .registers(let registers):
            return [Self.version, 1] + registers
        }
    }

    /// Whether no user was inserted.
    public var isEmpty: Bool {
        if case .exact(let hashes) = storage { return hashes.isEmpty }
        return false
    }

    /// Counts `user` (once, however often it is inserted).
    public mutating func insert(_ user: String) { insert(hash: Self.hash(user)) }

    /// Counts a user by its ``hash(_:)``: hash outside a lock, insert inside it.
    public mutating func insert(hash: UInt64) {
        switch storage {
        case .exact(var hashes):
            var low = 0
            var high = hashes.count
            while low < high {
                let middle = (low + high) / 2
                if hashes[middle] < hash { low = middle + 1 } else { high = middle }
            }
            if low < hashes.count, hashes[low] == hash { return }
            storage = .exact([]) // one owner of the array while it is changed
            if hashes.count < Self.maxExact {
                hashes.insert(hash, at: low)
                storage = .exact(hashes)
            } else {
                var registers = [UInt8](repeating: 0, count: Self.registerCount)
                for old in hashes { Self.set(old, in: &registers) }
                Self.set(hash, in: &registers)
                storage = .registers(registers)
            }
        case .registers(var registers):
            storage = .exact([])
            Self.set(hash, in: &registers)
            storage = .registers(registers)
        }
    }

    /// Adds `other`'s users: a user in both is counted once.
    public mutating func merge(_ other: UserSketch) {
        switch other.storage {
        case .exact(let hashes):
            for hash in hashes { insert(hash: hash) }
        case .registers(let theirs):
            switch storage {
            case .exact(let hashes):
                var registers = theirs
                for hash in hashes { Self.set(hash, in: &registers) }
                storage = .registers(registers)
            case .registers(var registers):
                storage = .exact([])
                for index in registers.indices where theirs[index] > registers[index] { registers[index] = theirs[index] }
                storage = .registers(registers)
            }
        }
    }

    /// `self` and `other` merged.
    public func merging(_ other: UserSketch) -> UserSketch {
        var merged = self
        merged.merge(other)
        return merged
    }

    /// The estimated number of distinct users: exact up to ``maxExact``, then within about 3 %.
    public var estimate: Int {
        switch storage {
        case .exact(let hashes):
            return hashes.count
        case .registers(let registers):
            let m = Double(Self.registerCount)
            var sum = 0.0
            var zeros = 0
            for register in registers {
                sum += 1 / Double(UInt64(1) << UInt64(register))
                if register == 0 { zeros += 1 }
            }
            let alpha = 0.7213 / (1 + 1.079 / m)
            var estimate = alpha * m * m / sum
            // Few users for this many registers: linear counting is the closer estimate.
            if estimate <= 2.5 * m, zeros > 0 { estimate = m * Foundation.log(m / Double(zeros)) }
            return Int(estimate.rounded())
        }
    }

    /// A user id's 64-bit hash: FNV-1a over its UTF-8, then splitmix64's finaliser (FNV-1a's high
    /// bits, which choose the register, mix poorly alone). The same in every process.
    public static func hash(_ user: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in user.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        return hash ^ (hash >> 31)
    }

    /// The register `hash` falls in (its first 10 bits) raised to the rank of the rest (the
    /// position of its first 1 bit, from 1 to 55).
    private static func set(_ hash: UInt64, in registers: inout [UInt8]) {
        let index = Int(hash >> UInt64(64 - precision))
        let rest = hash << UInt64(precision)
        let rank = UInt8(min(rest.leadingZeroBitCount, 64 - precision) + 1)
        if rank > registers[index] { registers[index] = rank }
    }
}
