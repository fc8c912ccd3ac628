package dev.screenplay.decoding

/**
 * Collects diagnostics and tracks the current JSON path while one document is decoded (Swift's
 * `DecodingContext`).
 *
 * One context serves one document, on one thread at a time. The path is a stack of steps: taking a step
 * and going back cost a push and a pop; a [JsonPath] is made only when a problem is reported.
 *
 * ```kotlin
 * val context = DecodingContext(DecodingOptions.Default)
 * context.at(Member.BODY) {
 *     context.at(3) { context.report(Diagnostic.Severity.WARNING, DiagnosticCode.invalidValue, "bad") }
 * }
 * context.diagnostics.single().toString() // body[3]: warning: bad
 * ```
 */
internal class DecodingContext(
    val options: DecodingOptions,
    path: JsonPath = JsonPath.Root,
) {
    /** Built once per document from the options' allowed schemes. */
    val urlPolicy: UrlPolicy = UrlPolicy(options.allowedUrlSchemes)

    private val reported = ArrayList<Diagnostic>()
    private val steps = ArrayList<JsonPath.Step>(16)

    init {
        steps.addAll(path.steps)
    }

    /** Every problem reported so far, in order (a live view: copy it to keep it). */
    val diagnostics: List<Diagnostic> get() = reported

    /** The path so far. */
    val path: JsonPath get() = if (steps.isEmpty()) JsonPath.Root else JsonPath(steps.toList())

    /** Reports a problem at the current path. */
    fun report(severity: Diagnostic.Severity, code: DiagnosticCode, message: String) {
        reported += Diagnostic(severity, code, path, message)
    }

    /** Reports [diagnostic] as it is (its own path). */
    fun report(diagnostic: Diagnostic) {
        reported += diagnostic
    }

    /** Reports [failure] at its own path, as a warning unless said otherwise. */
    fun report(failure: DecodingFailure, severity: Diagnostic.Severity = Diagnostic.Severity.WARNING) {
        reported += failure.toDiagnostic(severity)
    }

    /** A failure at the current path, to throw. */
    fun failure(code: DiagnosticCode, message: String): DecodingFailure = DecodingFailure(code, message, path)

    /** Runs [body] with [step] appended to the path; the step is taken back however [body] ends. */
    inline fun <T> at(step: JsonPath.Step, body: () -> T): T {
        push(step)
        try {
            return body()
        } finally {
            pop()
        }
    }

    /** Runs [body] inside the member [member]. */
    inline fun <T> at(member: Member, body: () -> T): T = at(member.step, body)

    /** Runs [body] inside the member named [key] (one the format does not define). */
    inline fun <T> at(key: String, body: () -> T): T = at(JsonPath.Step.Key(key), body)

    /** Runs [body] inside the element [index]. */
    inline fun <T> at(index: Int, body: () -> T): T = at(JsonPath.Step.Index(index), body)

    /** Takes [step]; only for [at]. */
    fun push(step: JsonPath.Step) {
        steps += step
    }

    /** Takes the last step back; only for [at]. */
    fun pop() {
        steps.removeAt(steps.size - 1)
    }
}
