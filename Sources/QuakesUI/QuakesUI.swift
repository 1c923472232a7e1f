// Apple-only SwiftUI views for Quakes.
