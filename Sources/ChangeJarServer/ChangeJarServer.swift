// The ChangeJarServer module; see docs/ARCHITECTURE.md.
