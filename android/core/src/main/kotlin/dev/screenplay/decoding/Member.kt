package dev.screenplay.decoding

/**
 * The member names the format defines, each with its [wire] spelling (Swift's `MemberKey`): readers
 * name members by these, so a misspelt name does not compile, and a member the format defines costs no
 * string when the decoder steps into it.
 *
 * Only the members read so far are listed; each reader adds its own, in UTF-8 order of [wire].
 *
 * ```kotlin
 * Member.IMAGE_URL.wire          // "imageURL"
 * Member.forWire("action")       // Member.ACTION
 * ```
 */
internal enum class Member(val wire: String) {
    ACTION("action"),
    BODY("body"),
    CACHE("cache"),
    CHILDREN("children"),
    ID("id"),
    IMAGE_URL("imageURL"),
    INTENTS("intents"),
    SIZE("size"),
    STATE("state"),
    STREAM("stream"),
    STYLE("style"),
    TEXT("text"),
    TITLE("title"),
    TYPE("type"),
    URL("url"),
    VERSION("version"),
    WEIGHT("weight"),
    ;

    /** The path step into this member, made once. */
    val step: JsonPath.Step.Key = JsonPath.Step.Key(wire)

    companion object {
        private val byWire: Map<String, Member> = entries.associateBy { it.wire }

        /** The member spelt [wire], or null when the format defines no such name (or none read yet). */
        fun forWire(wire: String): Member? = byWire[wire]
    }
}
