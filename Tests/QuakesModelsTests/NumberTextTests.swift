import QuakesModels
import Testing

/// The fixed-point text of magnitudes and coordinates: the same digits on every platform and in every locale.
@Suite struct NumberTextTests {
    @Test func roundsHalfAwayFromZero() {
        #expect(NumberText.fixed(2.945, digits: 1) == "2.9")
        #expect(NumberText.fixed(2.95, digits: 1) == "3.0")
        #expect(NumberText.fixed(-0.04, digits: 1) == "0.0")
        #expect(NumberText.fixed(-1.25, digits: 1) == "-1.3")
        #expect(NumberText.fixed(12, digits: 0) == "12")
        #expect(NumberText.fixed(0.5, digits: 2, separator: ",") == "0,50")
    }
}
