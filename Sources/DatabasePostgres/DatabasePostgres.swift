// The DatabasePostgres module; see docs/ARCHITECTURE.md.
