package dev.screenplay.decoding

import dev.screenplay.json.JsonNull
import dev.screenplay.json.JsonObject
import dev.screenplay.json.JsonValue
import dev.screenplay.json.Utf8Order

/**
 * Reads the members of one JSON object, reporting problems with their paths (Swift's `ObjectReader`).
 *
 * Required members throw a [DecodingFailure] (the enclosing node is dropped or replaced by its
 * fallback); optional members that are present but wrong are reported as warnings, `…; ignored`, and
 * read as null. [finish] reports the members nobody read as unknown, in sorted order. The context's path
 * must be the object's own while it is read.
 *
 * ```kotlin
 * val reader = ObjectReader(json, context, ObjectReader.Subject.Node("text", builtIn = true))
 * val text = reader.required(Member.TEXT, Readers.string)   // or: "text" is missing its required "text"
 * val size = reader.optional(Member.SIZE, Readers.double)   // body.size: warning: expected a number, …; ignored
 * reader.finish()                                           // body.colour: warning: "text" has no field "colour"; ignored
 * ```
 */
internal class ObjectReader(
    val json: JsonObject,
    val context: DecodingContext,
    subject: Subject,
) {
    /** A reader of [json] that messages name with [words] ("a screen", "a section"). */
    constructor(json: JsonObject, context: DecodingContext, words: String) : this(json, context, Subject.Described(words))

    /** What the object is, for messages: made into words only when a message needs them. */
    sealed interface Subject {
        /** The words that name the object in messages. */
        val words: String

        /** Named by [words] as they are: `a screen`. */
        data class Described(override val words: String) : Subject

        /** A node of [type]: `"image"`, or `app-defined "BANNER"` when not [builtIn]. */
        data class Node(val type: String, val builtIn: Boolean) : Subject {
            override val words: String get() = if (builtIn) "\"$type\"" else "app-defined \"$type\""
        }

        /** An action of [type]: `a "navigate" action`. */
        data class Action(val type: String) : Subject {
            override val words: String get() = "a \"$type\" action"
        }
    }

    /** What the object is, as messages name it. */
    var subject: Subject = subject
        private set

    /** Which members were read (or accepted): bit `ordinal` of [Member]. */
    private val read = LongArray((Member.entries.size + 63) ushr 6)

    /** The words messages name the object with. */
    val describedAs: String get() = subject.words

    /** The object's `type` member, whatever it holds (not marked as read). */
    val type: JsonValue? get() = json.members[Member.TYPE.wire]

    /** The object's members as JSON values (an app-defined component's properties). */
    val members: Map<String, JsonValue> get() = json.members

    /** Says what the object is, once its `type` is known. */
    fun describe(subject: Subject) {
        this.subject = subject
    }

    /** Takes note that [member] belongs to the format without reading it. */
    fun accept(member: Member) {
        read[member.ordinal ushr 6] = read[member.ordinal ushr 6] or (1L shl member.ordinal)
    }

    /** The member's value as it is (null when absent), marked as read. */
    fun raw(member: Member): JsonValue? {
        accept(member)
        return json.members[member.wire]
    }

    /**
     * The member's value read by [reader], its problems at the member's path; absent or null fails with
     * `DESCRIBED is missing its required "NAME"` at the object's path.
     */
    fun <T> required(member: Member, reader: ValueReader<T>): T {
        val value = raw(member)
        if (value == null || value is JsonNull) {
            throw context.failure(DiagnosticCode.missingField, "$describedAs is missing its required \"${member.wire}\"")
        }
        return context.at(member) { reader.read(value, context) }
    }

    /**
     * The member's value read by [reader], or null when it is absent or null; a wrong value is reported
     * as a warning (`…; ignored`) and read as null.
     */
    fun <T : Any> optional(member: Member, reader: ValueReader<T>): T? {
        val value = raw(member)
        if (value == null || value is JsonNull) return null
        return try {
            context.at(member) { reader.read(value, context) }
        } catch (failure: DecodingFailure) {
            context.report(failure.withMessage("${failure.message}; ignored"))
            null
        }
    }

    /** Reports the members that were never read, in sorted order, when the options ask for it. */
    fun finish() {
        if (!context.options.reportsUnknownFields) return
        val names = json.members.keys.filter { name -> Member.forWire(name)?.let(::wasRead) != true }
        if (names.isEmpty()) return
        for (name in names.sortedWith(Utf8Order)) {
            context.at(name) {
                context.report(Diagnostic.Severity.WARNING, DiagnosticCode.unknownField, "$describedAs has no field \"$name\"; ignored")
            }
        }
    }

    private fun wasRead(member: Member): Boolean = read[member.ordinal ushr 6] and (1L shl member.ordinal) != 0L
}
