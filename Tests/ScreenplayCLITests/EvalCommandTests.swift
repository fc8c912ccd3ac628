import Foundation
import Testing

/// `screenplay eval`: the evaluator the apps use, from a terminal.
@Suite struct EvalCommandTests {
    let cli = CLITests()

    @Test func aValueIsPrintedWithItsType() async throws {
        let doubled = try await cli.screenplay("eval", "count * 2", "--variables", #"{"count": 21}"#)
        #expect(doubled.status == 0, "\(doubled.errors)")
        #expect(doubled.output == "42 (integer)\n")
        let half = try await cli.screenplay("eval", "count / 2.0", "--variables", #"{"count": 21}"#)
        #expect(half.output == "10.5 (number)\n")
        let greeting = try await cli.screenplay("eval", "Hello, @{name}!", "--template", "--variables", #"{"name": "Anna"}"#)
        #expect(greeting.output == "Hello, Anna! (string)\n")
        let typed = try await cli.screenplay("eval", "@{count}", "--template", "--variables", #"{"count": 3}"#)
        #expect(typed.output == "3 (integer)\n", "a lone @{…} keeps its type")
    }

    @Test func declaredVariablesKeepTheirTypes() async throws {
        let faded = try await cli.screenplay(
            "eval", "setColorAlpha(accent, 0.5)", "--variables", ##"[{"name": "accent", "type": "color", "value": "#fc0"}]"##)
        #expect(faded.output == "#80FFCC00 (color)\n", "\(faded.errors)")
        let wrong = try await cli.screenplay("eval", "x", "--variables", #"[{"name": "x", "type": "integer", "value": 2.5}]"#)
        #expect(wrong.status != 0)
        #expect(wrong.errors.contains("variable \"x\"") && wrong.errors.contains("integer"), "\(wrong.errors)")
    }

    @Test func anErrorSaysWhatAndUnderlinesWhere() async throws {
        let division = try await cli.screenplay("eval", "1 + 2 / 0")
        #expect(division.status == 1)
        #expect(division.output.isEmpty)
        #expect(division.errors.contains("Failed to evaluate [2 / 0]. Division by zero is not supported."), "\(division.errors)")
        #expect(division.errors.contains("  1 + 2 / 0\n      ^^^^^\n"), "\(division.errors)")
        let missing = try await cli.screenplay("eval", "total + 1")
        #expect(missing.errors.contains("Variable 'total' is missing."), "\(missing.errors)")
        let syntax = try await cli.screenplay("eval", "len(")
        #expect(syntax.status == 1)
        #expect(syntax.errors.contains("syntax"), "\(syntax.errors)")
        let notJSON = try await cli.screenplay("eval", "1", "--variables", "{count: 1}")
        #expect(notJSON.status != 0)
        #expect(notJSON.errors.contains("--variables is not JSON"), "\(notJSON.errors)")
    }
}
