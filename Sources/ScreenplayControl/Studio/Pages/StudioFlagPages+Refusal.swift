import HTTPTypes
import Screenplay
import ScreenplayProtocol

extension StudioFlagPages {
    /// Why a save was refused: the problems at their paths (422, 400), or someone else's save
    /// since `base` (412, with the revision now).
    struct Refusal: Error {
        var status: HTTPResponse.Status
        var message: String
        var problems: [Diagnostic]
        /// The flag's revision now, after a 412.
        var current: Int?

        init(_ error: ScreenplayError, current: Int? = nil) {
            status = error.status
            message = error.message
            problems = error.problems
            self.current = current
        }

        /// As the editor lists them.
        func lines(new: Bool) -> [String] {
            if let current {
                return [
                    new
                        ? "A flag with this key exists already: open it to change it. Your text is kept below."
                        : "Someone saved revision \(current) while you edited. Your text is kept below: compare, then save again."
                ]
            }
            return problems.isEmpty ? [message] : problems.map { "\($0.path): \($0.message)" }
        }
    }
}
