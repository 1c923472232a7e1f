// The CognitoDevServer module; see docs/ARCHITECTURE.md.
