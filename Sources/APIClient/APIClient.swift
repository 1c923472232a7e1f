// The APIClient module; see docs/ARCHITECTURE.md.
