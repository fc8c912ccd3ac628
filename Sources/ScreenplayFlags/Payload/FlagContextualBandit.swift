import Screenplay

/// A contextual bandit (GrowthBook's `contextualBandits` entry): per user context, the weights an
/// experiment rule that names it (`contextualBanditRef`) splits users with. The first context
/// whose condition matches gives its leaf and weights; when none does, the rule's own weights
/// apply (leaf -1).
///
/// ```json
/// {"banditVersion": 7, "contexts": [{"leafId": 1, "condition": {"plan": "pro"}, "weights": [0.8, 0.2]},
///                                   {"leafId": 2, "condition": {}, "weights": [0.5, 0.5]}]}
/// ```
public struct FlagContextualBandit: Sendable {
    /// The version reported with each assignment, if any.
    public var banditVersion: Int?
    /// The contexts, tried in order.
    public var contexts: [Context]

    /// One leaf of the bandit: who it is for and the weights it gives.
    public struct Context: Sendable {
        /// The leaf's id, reported with each assignment.
        public var leafId: Int
        /// Who the leaf is for.
        public var condition: FlagCondition
        /// Each variation's share for users in this leaf.
        public var weights: [Double]

        /// - Parameters:
        ///   - leafId: The leaf's id.
        ///   - condition: Who the leaf is for.
        ///   - weights: Each variation's share.
        public init(leafId: Int, condition: FlagCondition, weights: [Double]) {
            self.leafId = leafId
            self.condition = condition
            self.weights = weights
        }
    }

    /// - Parameters:
    ///   - banditVersion: The version reported with each assignment.
    ///   - contexts: The contexts, tried in order.
    public init(banditVersion: Int? = nil, contexts: [Context] = []) {
        self.banditVersion = banditVersion
        self.contexts = contexts
    }
}

extension FlagContextualBandit {
    /// The members of a contextual bandit: `{"banditVersion": 3, "contexts": […]}`.
    package enum Key: String, JSONKey, CaseIterable {
        case banditVersion, contexts
    }
}

extension FlagContextualBandit.Context {
    /// The members of one context: `{"leafId": 2, "condition": {…}, "weights": […]}`.
    package enum Key: String, JSONKey, CaseIterable {
        case leafId, condition, weights
    }
}
