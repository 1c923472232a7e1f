// The ChangeJarCore module; see docs/ARCHITECTURE.md.
