// The AttendeeModels module; see docs/ARCHITECTURE.md.
