package dev.screenplay.decoding

import dev.screenplay.json.JsonObject
import dev.screenplay.json.JsonParser

/** Parses [text], which must be a JSON object. */
internal fun objectOf(text: String): JsonObject = JsonParser.parse(text.encodeToByteArray()) as JsonObject

/** The diagnostics one a line, as Swift's tests render them (`Support.swift`'s `rendered`). */
internal val List<Diagnostic>.rendered: String get() = joinToString("\n")

/** The lines `screenplay validate FILE` prints for [diagnostics] (ValidateCommand.swift: `"\(file): \(diagnostic)"`). */
internal fun validateLines(file: String, diagnostics: List<Diagnostic>): List<String> = diagnostics.map { "$file: $it" }

/** A context at the document's root, with [options]. */
internal fun context(options: DecodingOptions = DecodingOptions.Default): DecodingContext = DecodingContext(options)
