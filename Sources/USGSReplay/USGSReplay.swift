// The USGSReplay module; see docs/ARCHITECTURE.md.
