import ArgumentParser
import Foundation
import Screenplay

/// `screenplay eval`: one expression through the evaluator the apps and the server use, with its
/// value and type, or its error and where it is.
///
/// ```
/// $ screenplay eval "count * 2" --variables '{"count": 21}'
/// 42 (integer)
/// $ screenplay eval "Hello, @{name}!" --template --variables '{"name": "Anna"}'
/// Hello, Anna! (string)
/// ```
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate an expression and print its value and type, or its error and where it is.",
        discussion: """
            The expression is bare (count * 2); with --template it is a property string as a document \
            holds it: "@{count * 2}" keeps its type, anything else ("@{count} items") is a string. \
            Variables are a JSON object whose values' types are read off them (3 is an integer, 3.5 \
            a number), or DivKit's declarations: [{"name": "accent", "type": "color", "value": "#fc0"}].
            """
    )

    @Argument(help: "The expression.") var expression: String
    @Flag(help: "Read the expression as a property string: @{…} alone, or a template.") var template = false
    @Option(help: "The variables, as JSON.") var variables: String?
    @Option(help: "The locale formatting functions use.") var lang = "en"

    func run() throws {
        let evaluator = ExpressionEvaluator(localeIdentifier: lang)
        let values = try Self.variables(from: variables)
        do {
            let node =
                template
                ? try ExpressionParser.parse(property: expression, maxDepth: evaluator.limits.maxDepth)
                : try ExpressionParser.parse(expression: expression, maxDepth: evaluator.limits.maxDepth)
            var warnings: [String] = []
            let value = try evaluator.evaluate(node, variables: values, warnings: &warnings)
            for warning in warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
            print("\(value.text) (\(value.type.rawValue))")
        } catch {
            FileHandle.standardError.write(Data(Self.describe(error, in: expression).utf8))
            throw ExitCode(1)
        }
    }

    /// The error, then the expression with the failing part underlined.
    static func describe(_ error: ExpressionError, in expression: String) -> String {
        let scalars = Array(expression.unicodeScalars)
        let start = min(max(error.range.lowerBound, 0), scalars.count)
        let end = min(max(error.range.upperBound, start), scalars.count)
        let marker = String(repeating: " ", count: start) + String(repeating: "^", count: max(end - start, 1))
        return "error: \(error.message) (\(error.kind.rawValue), at \(start)..<\(end))\n  \(expression)\n  \(marker)\n"
    }

    /// The variables a command line gives: an object (types read off the values) or DivKit's
    /// declarations (`[{"name", "type", "value"}]`).
    static func variables(from text: String?) throws -> [String: ExpressionValue] {
        guard let text else { return [:] }
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw ValidationError("--variables is not JSON: \(error)")
        }
        var values: [String: ExpressionValue] = [:]
        switch json {
        case .object(let members):
            for (name, member) in members {
                guard let value = ExpressionValue(inferring: member) else { throw ValidationError("variable \"\(name)\" is null") }
                values[name] = value
            }
        case .array(let declarations):
            for (index, declaration) in declarations.enumerated() {
                guard case .string(let name)? = declaration["name"], case .string(let typeName)? = declaration["type"],
                    let type = ExpressionType(rawValue: typeName), let member = declaration["value"]
                else {
                    throw ValidationError("variables[\(index)] is {\"name\": …, \"type\": …, \"value\": …} with a known type")
                }
                guard let value = ExpressionValue(type, json: member) else {
                    throw ValidationError("variable \"\(name)\": \(member.kindDescription) is not a value of type \(typeName)")
                }
                values[name] = value
            }
        default:
            throw ValidationError("--variables is a JSON object or an array of declarations, not \(json.kindDescription)")
        }
        return values
    }
}
