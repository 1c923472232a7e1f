// The AttendeeServer module; see docs/ARCHITECTURE.md.
