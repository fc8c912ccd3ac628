package dev.screenplay.expressions

import dev.screenplay.json.JsonArray
import dev.screenplay.json.JsonBool
import dev.screenplay.json.JsonNull
import dev.screenplay.json.JsonNumber
import dev.screenplay.json.JsonObject
import dev.screenplay.json.JsonString
import dev.screenplay.json.JsonValue
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.booleanOrNull
import kotlinx.serialization.json.jsonObject
import java.io.File
import kotlinx.serialization.json.JsonArray as KJsonArray
import kotlinx.serialization.json.JsonNull as KJsonNull
import kotlinx.serialization.json.JsonObject as KJsonObject

/**
 * The shared expression cases (the .json files of Tests/Conformance/expressions, DivKit's case format), read in place, and
 * how a case is judged, as Swift's ExpressionCaseTests and Node's expressions.test.mjs judge it: a case runs when
 * it has no `platforms` or lists `screenplay`; its `variables` are declared as the case format types them
 * (`boolean` takes `true`/`false` and `1`/`0`; a value that does not fit its type declares nothing); the
 * evaluator's locale is the case's, else the file's, else `en_US`. An error case with an empty (or non-string)
 * `value` accepts any error; integers are compared exactly, numbers with `==`, colors after normalising, arrays
 * and dicts structurally, datetimes by their text; `expected_warnings`, when given, must equal the warnings.
 */
internal object ExpressionCases {
    /** One case of a file. */
    class Case(
        val file: String,
        val name: String,
        val expression: String,
        val expected: KJsonObject,
        val variables: Map<String, ExpressionValue>,
        val warnings: List<String>?,
        val locale: String,
    )

    val folder: File get() = File(repositoryRoot(), "Tests/Conformance/expressions")

    /** The names of the folder's case files, sorted. */
    fun fileNames(): List<String> = folder.listFiles().orEmpty().map { it.name }.filter { it.endsWith(".json") }.sorted()

    /** The cases of [fileName] that Screenplay runs, in file order. */
    fun cases(fileName: String): List<Case> {
        val root = Json.parseToJsonElement(File(folder, fileName).readText()).jsonObject
        val fileLocale = (root["locale"] as? JsonPrimitive)?.takeIf { it.isString }?.content
        val list = root["cases"] as? KJsonArray ?: return emptyList()
        return list.mapIndexedNotNull { index, element ->
            val entry = element as? KJsonObject ?: return@mapIndexedNotNull null
            val platforms = entry["platforms"] as? KJsonArray
            if (platforms != null && platforms.none { (it as? JsonPrimitive)?.content == "screenplay" }) return@mapIndexedNotNull null
            val expression = (entry["expression"] as? JsonPrimitive)?.takeIf { it.isString }?.content ?: return@mapIndexedNotNull null
            val expected = entry["expected"] as? KJsonObject ?: return@mapIndexedNotNull null
            val variables = LinkedHashMap<String, ExpressionValue>()
            for (variable in (entry["variables"] as? KJsonArray).orEmpty()) {
                val fields = variable as? KJsonObject ?: continue
                val name = (fields["name"] as? JsonPrimitive)?.content ?: continue
                val type = (fields["type"] as? JsonPrimitive)?.content ?: continue
                variables[name] = declared(type, fields["value"]) ?: continue
            }
            Case(
                file = fileName,
                name = (entry["name"] as? JsonPrimitive)?.content ?: "#$index",
                expression = expression,
                expected = expected,
                variables = variables,
                warnings = (entry["expected_warnings"] as? KJsonArray)?.map { (it as JsonPrimitive).content },
                locale = (entry["locale"] as? JsonPrimitive)?.takeIf { it.isString }?.content ?: fileLocale ?: "en_US",
            )
        }
    }

    /**
     * Runs [case] with the standard evaluator: null when it gives the expected answer, else what went wrong
     * (expression, expected, actual), as the JavaScript runner prints a failure.
     */
    fun failure(case: Case): String? {
        val expectedType = (case.expected["type"] as? JsonPrimitive)?.content.orEmpty()
        val expectedValue = case.expected["value"]
        var warnings: List<String> = emptyList()
        val outcome: Result<ExpressionValue> = try {
            val node = ExpressionParser.parseProperty(case.expression)
            val evaluation = ExpressionEvaluator(localeIdentifier = case.locale)
                .evaluateWithWarnings(node, ExpressionVariables.of(case.variables))
            warnings = evaluation.warnings
            Result.success(evaluation.value)
        } catch (error: ExpressionError) {
            Result.failure(error)
        }
        val value = outcome.getOrNull()
        var passed = if (value == null) {
            val message = (expectedValue as? JsonPrimitive)?.takeIf { it.isString }?.content.orEmpty()
            expectedType == "error" && (message.isEmpty() || message == outcome.exceptionOrNull()?.message)
        } else {
            expectedType == value.type.rawValue && matches(value, expectedValue)
        }
        if (case.warnings != null && case.warnings != warnings) passed = false
        if (passed) return null
        val actual = value?.let { "${it.type.rawValue} ${it.text}" } ?: "error ${outcome.exceptionOrNull()?.message}"
        return "${case.file}: ${case.name}\n  expression: ${case.expression}\n  expected: $expectedType $expectedValue" +
            "\n  actual: $actual" + if (case.warnings != null) "\n  warnings: expected ${case.warnings}, actual $warnings" else ""
    }

    private fun matches(actual: ExpressionValue, expected: JsonElement?): Boolean {
        val primitive = expected as? JsonPrimitive
        return when (actual) {
            is ExpressionValue.IntegerValue -> primitive != null && !primitive.isString && integer(primitive.content) == actual.value
            is ExpressionValue.NumberValue -> primitive != null && !primitive.isString && primitive.content.toDoubleOrNull() == actual.value
            is ExpressionValue.StringValue -> primitive != null && primitive.isString && primitive.content == actual.value
            is ExpressionValue.UrlValue -> primitive != null && primitive.isString && primitive.content == actual.value
            is ExpressionValue.BooleanValue -> primitive != null && !primitive.isString && primitive.booleanOrNull == actual.value
            is ExpressionValue.ColorValue -> primitive != null && primitive.isString && ExpressionColor.parse(primitive.content) == actual.value
            is ExpressionValue.DatetimeValue -> primitive != null && primitive.isString && primitive.content == actual.text
            is ExpressionValue.ArrayValue, is ExpressionValue.DictValue -> expected != null && json(expected) == actual.json
        }
    }

    /** An integral JSON number as a Long (exactly, for the digits Long reads), else null. */
    private fun integer(content: String): Long? = content.toLongOrNull()
        ?: content.toDoubleOrNull()?.takeIf { Math.rint(it) == it && Math.abs(it) < 9.2e18 }?.toLong()

    /** The case format's typed value as a declared variable; null when it does not fit its type. */
    private fun declared(type: String, raw: JsonElement?): ExpressionValue? {
        val primitive = raw as? JsonPrimitive
        val text = primitive?.takeIf { it.isString }?.content
        val number = primitive?.takeIf { !it.isString && it.booleanOrNull == null && it !is KJsonNull }?.content
        return when (type) {
            "string" -> text?.let { ExpressionValue.StringValue(it) }
            "url" -> text?.let { ExpressionValue.UrlValue(it) }
            "integer" -> number?.let { integer(it) }?.let { ExpressionValue.IntegerValue(it) }
            "number" -> number?.toDoubleOrNull()?.let { ExpressionValue.NumberValue(it) }
            // As a screen declares it: true and false, or DivKit's 1 and 0.
            "boolean" -> raw?.let { ExpressionValue.declared(ExpressionType.BOOLEAN, json(it)) }
            "color" -> text?.let { ExpressionColor.parse(it) }?.let { ExpressionValue.ColorValue(it) }
            "array" -> (raw as? KJsonArray)?.let { ExpressionValue.ArrayValue(it.map(::json)) }
            "dict" -> (raw as? KJsonObject)?.let { members -> ExpressionValue.DictValue(members.mapValues { json(it.value) }) }
            else -> null
        }
    }

    /** kotlinx.serialization's tree as Screenplay's JSON value (numbers as doubles). */
    fun json(element: JsonElement): JsonValue = when (element) {
        is KJsonNull -> JsonNull
        is JsonPrimitive -> when {
            element.isString -> JsonString(element.content)
            element.booleanOrNull != null -> JsonBool.of(element.booleanOrNull == true)
            else -> JsonNumber(element.content.toDouble())
        }
        is KJsonArray -> JsonArray(element.map(::json))
        is KJsonObject -> JsonObject(element.mapValues { json(it.value) })
    }

    /** The repository: the system property `screenplay.root`, else the folder above holding Package.swift. */
    fun repositoryRoot(): File {
        System.getProperty("screenplay.root")?.let { return File(it) }
        var folder: File? = File(System.getProperty("user.dir")).absoluteFile
        while (folder != null) {
            if (File(folder, "Package.swift").isFile) return folder
            folder = folder.parentFile
        }
        throw AssertionError("no folder holding Package.swift above ${System.getProperty("user.dir")}; set -Dscreenplay.root")
    }
}
