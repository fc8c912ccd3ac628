package dev.screenplay.decoding

import dev.screenplay.json.Utf8Order
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test

class MemberTest {
    /** As Swift's MemberKey: declared in byte order of their names, each name once. */
    @Test
    fun membersAreDeclaredInUtf8OrderOfTheirNames() {
        val names = Member.entries.map { it.wire }
        assertEquals(names.sortedWith(Utf8Order), names)
        assertEquals(names.size, names.toSet().size)
    }

    @Test
    fun aMemberIsFoundByItsWireName() {
        for (member in Member.entries) {
            assertSame(member, Member.forWire(member.wire))
            assertEquals(JsonPath.Step.Key(member.wire), member.step)
        }
        assertNull(Member.forWire("colour"))
        assertNull(Member.forWire("ImageURL"))
    }
}
