// The SalesforceDevServer module; see docs/ARCHITECTURE.md.
