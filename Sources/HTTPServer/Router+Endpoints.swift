import HTTPTypes

extension Router {
    /// Every registered route as (method, pattern), for the OpenAPI contract test and diagnostics.
    public var endpoints: [(method: HTTPMethod, pattern: String)] {
        routes.map { route in
            let parts = route.segments.map { segment -> String in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): ":" + name
                case .rest(let name): "*" + name
                }
            }
            return (route.method, "/" + parts.joined(separator: "/"))
        }
    }
}
