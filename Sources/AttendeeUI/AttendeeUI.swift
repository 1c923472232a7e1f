// The AttendeeUI module; see docs/ARCHITECTURE.md.
