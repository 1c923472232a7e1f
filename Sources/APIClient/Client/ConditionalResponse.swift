/// The outcome of a conditional GET.
public enum ConditionalResponse<Value> {
    /// `304 Not Modified`: what the caller holds is current. The validators are those the 304 carried (RFC 9110
    /// §15.4.5 has it send the `ETag` a 200 would have, and it may send `Last-Modified`); the caller updates the ones
    /// it stored with them (RFC 9111 §4.3.4) and keeps a stored one the 304 left out.
    case notModified(Validators)
    /// A new representation and its validators, to send next time.
    case fresh(Value, Validators)
}

extension ConditionalResponse: Sendable where Value: Sendable {}
extension ConditionalResponse: Equatable where Value: Equatable {}
