/// Where users' assignments are kept so that they stay in their variant when the weights change.
///
/// ```swift
/// routes.configuration.assignmentStore = control   // the control plane's stored assignments
/// ```
public protocol AssignmentStore: Sendable {
    /// The variants stored for `user`, by ``ExperimentAssignments/stickyKey(_:bucketVersion:)``:
    /// quickly, or empty when they cannot be had now.
    func assignments(of user: String) async -> [String: String]
}
