// The ChangeJarModels module; see docs/ARCHITECTURE.md.
