import ArgumentParser
import Foundation
import HTTPTypes

/// A response `screenplay serve` also answers `/bench/preencoded` with, as it is (hidden options,
/// for scripts/loadtest): the load test compares the full pipeline with the same bytes sent as they are.
///
/// ```swift
/// let preencoded = try options.preencoded()   // nil without --bench-preencoded
/// ```
struct BenchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also serve this file's bytes at /bench/preencoded (for scripts/loadtest).", visibility: .hidden))
    var benchPreencoded: String?

    @Option(help: ArgumentHelp("The response headers to send with --bench-preencoded, as `curl -D` saved them.", visibility: .hidden))
    var benchHeaders: String?

    /// The body and headers to answer `/bench/preencoded` with, or nil without `--bench-preencoded`.
    func preencoded() throws -> (body: [UInt8], headers: HTTPFields)? {
        guard let path = benchPreencoded else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let path = benchHeaders {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ValidationError("cannot read \(path)") }
            headers = Self.headers(fromDump: text)
        }
        return ([UInt8](data), headers)
    }

    /// The headers of a `curl -D` dump, without those the server writes itself.
    static func headers(fromDump text: String) -> HTTPFields {
        var headers = HTTPFields()
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, let name = HTTPField.Name(String(pair[0])) else { continue }
            guard ![.contentLength, .date, .server, .connection].contains(name) else { continue }
            headers.append(HTTPField(name: name, value: pair[1].trimmingCharacters(in: .whitespaces)))
        }
        return headers
    }
}
