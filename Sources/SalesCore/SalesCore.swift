// The SalesCore module; see docs/ARCHITECTURE.md.
