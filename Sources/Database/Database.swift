// The Database module; see docs/ARCHITECTURE.md.
