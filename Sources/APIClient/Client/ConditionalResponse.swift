/// The outcome of a conditional GET.
public enum ConditionalResponse<Value> {
    /// `304 Not Modified`: what the caller holds is current.
    case notModified
    /// A new representation and its validators, to send next time.
    case fresh(Value, Validators)
}

extension ConditionalResponse: Sendable where Value: Sendable {}
extension ConditionalResponse: Equatable where Value: Equatable {}
