// The QuartetServer module: composes every backend (buildApplication).
