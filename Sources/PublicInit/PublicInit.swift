/// Gives a struct the public memberwise initializer Swift would synthesize, were it not internal.
///
/// A wire type that one module builds and another decodes (a server's response, an app's request) needs a public
/// initializer; Swift only synthesizes an internal one. `@PublicInit` writes it from the stored properties, in
/// their order, so the field list is written once:
///
/// ```swift
/// @PublicInit
/// public struct Page: Codable, Sendable {
///     public var items: [Action]
///     public var next: String?
///     public var total = 0
/// }
/// // public init(items: [Action], next: String? = nil, total: Int = 0)
/// ```
///
/// As with Swift's own memberwise initializer:
/// - a `let` with a value is not a parameter;
/// - a `var` with a value takes it as the parameter's default, and an optional `var` without one defaults to `nil`;
/// - a closure property's parameter is `@escaping`;
/// - computed and `static` properties are left out.
///
/// Every stored property needs a written type. A property wrapper or a `lazy` property is refused with an error
/// at the property, and so is the attribute on anything but a struct.
@attached(member, names: named(init))
public macro PublicInit() = #externalMacro(module: "PublicInitMacros", type: "PublicInitMacro")
