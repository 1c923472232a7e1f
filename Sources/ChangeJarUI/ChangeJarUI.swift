// The ChangeJarUI module; see docs/ARCHITECTURE.md.
