// The QuakesCore module; see docs/ARCHITECTURE.md.
