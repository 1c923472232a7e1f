import PublicInitMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

/// `@PublicInit` writes the initializer Swift's memberwise one would be, made public, and refuses what it cannot
/// initialize with an error at the place to fix.
@Suite struct PublicInitMacroTests {
    @Test func eachStoredPropertyIsAParameterInTheOrderWritten() throws {
        let expansion = try expand(
            """
            @PublicInit
            public struct Page: Sendable {
                /// The rows.
                public var items: [String]
                public let total: Int
                public var cursor: Cursor
            }
            """)
        #expect(
            expansion.initializer == """
                public init(items: [String], total: Int, cursor: Cursor) {
                self.items = items
                self.total = total
                self.cursor = cursor
                }
                """)
        #expect(expansion.errors.isEmpty)
    }

    @Test func defaultsAreTheOnesSwiftsMemberwiseInitializerGives() throws {
        let expansion = try expand(
            """
            @PublicInit
            struct Options {
                var limit: Int = 20
                var after: String?
                var before: Optional<String>
                let kind: String?
                let version: Int = 2
            }
            """)
        // A `let` with a value is never set again; a `let` optional has no implicit `nil`.
        #expect(
            expansion.initializer == """
                public init(limit: Int = 20, after: String? = nil, before: Optional<String> = nil, kind: String?) {
                self.limit = limit
                self.after = after
                self.before = before
                self.kind = kind
                }
                """)
    }

    @Test func aClosureParameterEscapesUnlessItIsOptional() throws {
        let expansion = try expand(
            """
            @PublicInit
            struct Client {
                var fetch: @Sendable (URL) async throws -> Data
                var log: (String) -> Void
                var onDone: (() -> Void)?
            }
            """)
        #expect(
            expansion.initializer?.hasPrefix(
                "public init(fetch: @escaping @Sendable (URL) async throws -> Data, log: @escaping (String) -> Void, "
                    + "onDone: (() -> Void)? = nil)") == true)
    }

    @Test func computedAndStaticPropertiesAreNotParametersButObservedOnesAre() throws {
        let expansion = try expand(
            """
            @PublicInit
            struct Row {
                static let empty = Row(id: "")
                var id: String { didSet { changed = true } }
                var changed: Bool = false
                var title: String { id.uppercased() }
                var subtitle: String {
                    get { id }
                    set { id = newValue }
                }
            }
            """)
        #expect(
            expansion.initializer == """
                public init(id: String, changed: Bool = false) {
                self.id = id
                self.changed = changed
                }
                """)
    }

    @Test func aStructWithoutStoredPropertiesGetsAnEmptyPublicInitializer() throws {
        let expansion = try expand("@PublicInit struct Marker {}")
        #expect(expansion.initializer == "public init() {\n\n}")
    }

    @Test(arguments: [
        ("@PublicInit enum Kind { case a }", "@PublicInit applies to a struct"),
        ("@PublicInit final class Box { var value: Int = 0 }", "@PublicInit applies to a struct"),
        ("@PublicInit struct Page { var total = 0 }", "@PublicInit needs each stored property's type written out"),
        (
            "@PublicInit struct Page { var (a, b): (Int, Int) }",
            "@PublicInit needs each stored property's type written out"
        ),
        (
            "@PublicInit struct Page { @Clamped var total: Int }",
            "@PublicInit cannot initialize a property wrapper; write the initializer by hand"
        ),
        (
            "@PublicInit struct Page { lazy var total: Int = 0 }",
            "@PublicInit cannot initialize a lazy property; write the initializer by hand"
        ),
    ])
    func whatItCannotInitializeIsAnErrorAndNoInitializer(source: String, message: String) throws {
        let expansion = try expand(source)
        #expect(expansion.initializer == nil)
        #expect(expansion.errors == [message])
    }

    @Test func everyRefusedPropertyIsNamedNotOnlyTheFirst() throws {
        let expansion = try expand(
            """
            @PublicInit
            struct Page {
                var total = 0
                var name: String
                lazy var count: Int = 1
            }
            """)
        #expect(expansion.initializer == nil)
        #expect(expansion.errors.count == 2)
        #expect(expansion.errorLines == [3, 5])
    }

    /// What the macro made of the first declaration in `source`.
    struct Expansion {
        var initializer: String?
        var errors: [String]
        var errorLines: [Int]
    }

    func expand(_ source: String) throws -> Expansion {
        let file = Parser.parse(source: source)
        let statement = file.statements.first?.item.as(DeclSyntax.self)
        let declaration = try #require(statement?.asProtocol(DeclGroupSyntax.self))
        let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
        let context = BasicMacroExpansionContext(
            sourceFiles: [file: .init(moduleName: "Tests", fullFilePath: "T.swift")])
        let members = try PublicInitMacro.expansion(
            of: attribute, providingMembersOf: declaration, conformingTo: [], in: context)
        let converter = SourceLocationConverter(fileName: "T.swift", tree: file)
        return Expansion(
            initializer: members.first?.description,
            errors: context.diagnostics.map(\.message),
            errorLines: context.diagnostics.map { $0.location(converter: converter).line })
    }
}
