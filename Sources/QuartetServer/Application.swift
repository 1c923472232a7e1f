import Foundation
import HTTPServer

/// A composed Quartet server: its routes, their description, and what must be closed on shutdown.
public struct Application: Sendable {
    /// Every domain's routes (without the shared middleware: tests drive it directly).
    public var router: Router
    /// What `/openapi.json` serves.
    public var openAPI: OpenAPIDocument
    public var configuration: ServerConfiguration

    /// The router behind the shared middleware: request id → access log → problem details.
    public func handler(log: LogSink = .standardError) -> Handler {
        var middleware: [any Middleware] = [RequestIDMiddleware()]
        if configuration.accessLog { middleware.append(AccessLogMiddleware(sink: log)) }
        middleware.append(ErrorMiddleware(log: log))
        return router.handler(middleware: middleware)
    }
}

/// Builds the whole Quartet server from its configuration.
///
/// ```swift
/// let app = try await buildApplication(ServerConfiguration(port: 0))
/// let response = try await app.router.respond(to: Request(method: .get, target: "/health"))
/// ```
public func buildApplication(_ configuration: ServerConfiguration) async throws -> Application {
    var router = Router()
    var openAPI = OpenAPIDocument(title: "Quartet", version: configuration.version)

    HealthController(version: configuration.version).register(on: &router)
    openAPI.add(HealthController.operations)

    let openAPIController = try OpenAPIController(document: openAPI)
    openAPIController.register(on: &router)
    var published = openAPI
    published.add(OpenAPIController.operations)
    return Application(router: router, openAPI: published, configuration: configuration)
}
