// The AttendeeCore module; see docs/ARCHITECTURE.md.
