package dev.screenplay.json

internal fun bytes(text: String): ByteArray = text.encodeToByteArray()

internal fun obj(vararg members: Pair<String, JsonValue>): JsonObject = JsonObject(mapOf(*members))

internal fun arr(vararg elements: JsonValue): JsonArray = JsonArray(elements.toList())

internal fun num(value: Double): JsonNumber = JsonNumber(value)

internal fun num(value: Int): JsonNumber = JsonNumber(value.toDouble())

internal fun str(value: String): JsonString = JsonString(value)
