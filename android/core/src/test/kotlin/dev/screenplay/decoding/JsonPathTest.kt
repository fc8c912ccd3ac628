package dev.screenplay.decoding

import dev.screenplay.decoding.JsonPath.Step.Index
import dev.screenplay.decoding.JsonPath.Step.Key
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class JsonPathTest {
    // The paths the Swift decoder's tests and diagnostics use, with the text it writes for each.
    private val written = listOf(
        JsonPath.Root to "$",
        JsonPath(listOf(Key("body"))) to "body",
        JsonPath(listOf(Key("body"), Key("children"), Index(3), Key("action"))) to "body.children[3].action",
        JsonPath(listOf(Key("events"), Index(12))) to "events[12]",
        JsonPath(listOf(Key("variants"), Index(0), Key("name"))) to "variants[0].name",
        JsonPath(listOf(Key("content"), Key("children"), Index(2))) to "content.children[2]",
        JsonPath(listOf(Index(2), Key("text"))) to "[2].text",
        JsonPath(listOf(Key("grid"), Index(0), Index(1))) to "grid[0][1]",
    )

    @Test
    fun rendersLikeTheSwiftDecoder() {
        for ((path, text) in written) {
            assertEquals(text, path.toString())
        }
    }

    @Test
    fun readsBackWhatItWrites() {
        for ((path, text) in written) {
            assertEquals(path, JsonPath.parse(text), text)
        }
    }

    @Test
    fun appendingBuildsTheSamePathAndLeavesTheOriginal() {
        val body = JsonPath.Root.appending("body")
        val action = body.appending("children").appending(3).appending(Key("action"))

        assertEquals("body.children[3].action", action.toString())
        assertEquals("body", body.toString())
    }

    @Test
    fun aBracketWithoutAWholeNumberIsPartOfItsKey() {
        assertEquals(listOf(Key("a[x]")), JsonPath.parse("a[x]").steps)
        assertEquals(listOf(Key("a[1")), JsonPath.parse("a[1").steps)
        assertEquals(listOf(Key("a[]")), JsonPath.parse("a[]").steps)
        assertEquals(listOf(Key("a[99999999999999999999]")), JsonPath.parse("a[99999999999999999999]").steps)
        assertEquals(JsonPath.Root, JsonPath.parse("$"))
    }

    @Test
    fun indexAfterALeadingKey() {
        assertEquals(3, JsonPath.parse("events[3].id").indexAfter("events"))
        assertNull(JsonPath.parse("events").indexAfter("events"))
        assertNull(JsonPath.parse("other[3]").indexAfter("events"))
    }
}
