// The ImageCodec module; see docs/ARCHITECTURE.md.
