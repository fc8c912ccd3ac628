import ScreenplayDSL
import ScreenplayTestSupport
import Testing

@Suite struct PropertyTests {
    @Test(arguments: 0..<20)
    func randomScreensRoundTripExactly(batch: Int) {
        var generator = ScreenGenerator(random: SplitMix64(seed: UInt64(batch)))
        for iteration in 0..<25 {
            let screen = generator.screen()
            let encoded = screen.encoded()
            let result = Screen.decode(from: encoded, options: DecodingOptions(reportsUnknownFields: true))
            #expect(result.value == screen ? true : false, "seed \(batch), iteration \(iteration):\n\(text(encoded))")
            #expect(!result.hasErrors, "seed \(batch), iteration \(iteration): \(result.errors.rendered)")
            #expect(result.value.map { $0.encoded() } == encoded)
        }
    }

    /// Random byte edits of real documents: decoding may fail, but never crashes, and whatever
    /// it returns survives a round trip. (The coverage-guided fuzzer in Fuzz/ goes much further.)
    @Test(arguments: exampleScreens.map(\.file))
    func mutatedDocumentsNeverCrashTheDecoder(file: String) {
        let original = exampleScreens.first { $0.file == file }?.screen.encoded() ?? []
        var random = SplitMix64(seed: UInt64(original.count))
        let tokens: [[UInt8]] = ["{", "}", "[", "]", "\"", ",", ":", "null", "\"type\":\"text\"", "\\u0000", "<strong>", "1e999", "-"].map {
            Array($0.utf8)
        }
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0...3, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(contentsOf: tokens.randomElement(using: &random) ?? [], at: position)
                default: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...40, using: &random)))
                }
            }
            let result = Screen.decode(from: bytes)
            if let screen = result.value {
                #expect(Screen.decode(from: screen.encoded()).value == screen)
            } else {
                #expect(result.hasErrors)
            }
        }
    }
}
