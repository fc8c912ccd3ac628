/// Plain values in memory of their own that grows by doubling: what the parser, the decoder's
/// path and the writer append to thousands of times per document, without an array's uniqueness
/// check and retain on every append.
///
/// It is a handle: copies share the memory, and its one owner frees it with ``deallocate()``
/// (a ``JSONTape`` when it takes over a parser's entries, a ``JSONWriter`` when it ends).
///
/// ```swift
/// var bytes = GrowableBuffer<UInt8>(capacity: 1024)
/// bytes.append(UInt8(ascii: "{"))
/// defer { bytes.deallocate() }
/// ```
struct GrowableBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always) mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        if count + elements.count > capacity { grow(toHold: count + elements.count) }
        let byteCount = elements.count * MemoryLayout<Element>.stride
        if byteCount <= 16 {
            // Most appends are a few bytes (a key, a short string): two word moves that may
            // overlap beat a call to memmove.
            Self.copy(byteCount, from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + count))
        } else {
            (base + count).initialize(from: source, count: elements.count)
        }
        count += elements.count
    }

    @inline(__always) private static func copy(_ byteCount: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        switch byteCount {
        case 8...:
            let (head, tail) = (source.loadUnaligned(as: UInt64.self), source.loadUnaligned(fromByteOffset: byteCount - 8, as: UInt64.self))
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: byteCount - 8, as: UInt64.self)
        case 4...:
            let (head, tail) = (source.loadUnaligned(as: UInt32.self), source.loadUnaligned(fromByteOffset: byteCount - 4, as: UInt32.self))
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: byteCount - 4, as: UInt32.self)
        default:
            for offset in 0..<byteCount {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
    }

    private mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let memory = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        memory.moveInitialize(from: base, count: count)
        base.deallocate()
        base = memory
        capacity = larger
    }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always) mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    /// Forgets the elements from `index` on.
    mutating func removeSubrange(from index: Int) { count = index }

    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Frees the memory; the buffer must not be used again.
    func deallocate() { base.deallocate() }
}
