import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The expansion of `@PublicInit`: a public initializer with one parameter for each stored property.
public struct PublicInitMacro: MemberMacro {
    /// One `public init` taking the stored properties in order (a `var` with a value, or of optional type, gets a
    /// default; a `let` with a value is left out); on anything but a struct, or a `lazy`, wrapped or untyped property,
    /// a diagnostic and no initializer.
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: PublicInitDiagnostic.notAStruct))
            return []
        }
        var parameters: [Parameter] = []
        var refusals: [Diagnostic] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            parameters += storedProperties(variable, refusals: &refusals)
        }
        guard refusals.isEmpty else {
            refusals.forEach(context.diagnose)
            return []
        }
        let list = parameters.map(\.declaration).joined(separator: ", ")
        let body = parameters.map { "self.\($0.name) = \($0.name)" }.joined(separator: "\n")
        return ["public init(\(raw: list)) {\n\(raw: body)\n}"]
    }

    /// One parameter of the initializer.
    struct Parameter {
        var name: String
        var type: String
        var defaultValue: String?

        var declaration: String { "\(name): \(type)" + (defaultValue.map { " = \($0)" } ?? "") }
    }

    /// The parameters one `var` or `let` declaration stands for; what cannot be one is added to `refusals`.
    static func storedProperties(_ variable: VariableDeclSyntax, refusals: inout [Diagnostic]) -> [Parameter] {
        let modifiers = Set(variable.modifiers.map(\.name.text))
        if !modifiers.isDisjoint(with: ["static", "class"]) { return [] }
        if modifiers.contains("lazy") {
            refusals.append(Diagnostic(node: variable, message: PublicInitDiagnostic.lazy))
            return []
        }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        var parameters: [Parameter] = []
        for binding in variable.bindings where isStored(binding) {
            if !variable.attributes.isEmpty {
                refusals.append(Diagnostic(node: variable, message: PublicInitDiagnostic.wrapped))
                return []
            }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let type = binding.typeAnnotation?.type
            else {
                refusals.append(Diagnostic(node: binding, message: PublicInitDiagnostic.untyped))
                continue
            }
            if isLet, binding.initializer != nil { continue }
            let defaultValue =
                binding.initializer?.value.trimmedDescription ?? (!isLet && isOptional(type) ? "nil" : nil)
            let written = isFunction(type) ? "@escaping \(type.trimmedDescription)" : type.trimmedDescription
            parameters.append(Parameter(name: name, type: written, defaultValue: defaultValue))
        }
        return parameters
    }

    /// Whether a binding holds a value: no accessors, or only `willSet` / `didSet` observers.
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        guard case .accessors(let accessors) = block.accessors else { return false }
        let observers: [TokenKind] = [.keyword(.willSet), .keyword(.didSet)]
        return accessors.allSatisfy { observers.contains($0.accessorSpecifier.tokenKind) }
    }

    /// Whether a type is written as optional, so that an uninitialized `var` of it starts as `nil`.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        return type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }

    /// Whether a type is a closure, whose parameter must be `@escaping` (an optional closure already is).
    static func isFunction(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
        return attributed.baseType.is(FunctionTypeSyntax.self)
    }
}

/// Why `@PublicInit` could not write an initializer.
enum PublicInitDiagnostic: String, DiagnosticMessage {
    case notAStruct
    case untyped
    case wrapped
    case lazy

    var message: String {
        switch self {
        case .notAStruct: "@PublicInit applies to a struct"
        case .untyped: "@PublicInit needs each stored property's type written out"
        case .wrapped: "@PublicInit cannot initialize a property wrapper; write the initializer by hand"
        case .lazy: "@PublicInit cannot initialize a lazy property; write the initializer by hand"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "PublicInit", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
