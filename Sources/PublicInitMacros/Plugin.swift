import SwiftSyntaxMacros

#if canImport(SwiftCompilerPlugin)
    // Apple platforms: the swift-syntax package's plug-in entry point.
    import SwiftCompilerPlugin

    @main
    struct PublicInitPlugin: CompilerPlugin {
        let providingMacros: [any Macro.Type] = [PublicInitMacro.self]
    }
#else
    // Linux: the toolchain's own swift-syntax (the one its compiler plug-ins link) has the message loop but not
    // `SwiftCompilerPlugin`, so the plug-in speaks to the compiler over standard input and output itself.
    @_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

    @main
    enum PublicInitPlugin {
        static func main() throws {
            try CompilerPluginMessageListener(connection: PluginPipe(), provider: Provider()).main()
        }
    }

    /// Names the one macro this plug-in provides.
    struct Provider: PluginProvider {
        func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
            guard typeName == "\(PublicInitMacro.self)" else { throw UnknownMacro(name: typeName) }
            return PublicInitMacro.self
        }
    }

    struct UnknownMacro: Error, CustomStringConvertible {
        var name: String
        var description: String { "this plug-in has no macro named \(name)" }
    }
#endif
