// The SalesUI module; see docs/ARCHITECTURE.md.
