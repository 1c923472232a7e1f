// The LocalStore module; see docs/ARCHITECTURE.md.
