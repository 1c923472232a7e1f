import HTTPTypes
import Testing

/// Text put into HTML or SVG (the map's pin titles, the screen pages, the USGS stand-in's event page) cannot
/// close an element or an attribute, and reads back as what it was.
@Suite struct MarkupTextTests {
    @Test func eachCharacterMarkupReadsBecomesAReference() {
        #expect("<b>".markupEscaped == "&lt;b&gt;")
        #expect("a & b".markupEscaped == "a &amp; b")
        #expect(#"say "hi""#.markupEscaped == "say &quot;hi&quot;")
        #expect("it's".markupEscaped == "it&#39;s")
    }

    @Test func anAmpersandIsEscapedOnceSoAReferenceInTheTextStaysText() {
        #expect("&lt;".markupEscaped == "&amp;lt;")
        #expect("&amp;".markupEscaped.markupEscaped == "&amp;amp;amp;")
    }

    @Test func everythingElseIsKeptAsItIs() {
        let text = "M 6.1 – 23 km SSE of Tōkyō, Japan 🇯🇵\nline two\t"
        #expect(text.markupEscaped == text)
        #expect("".markupEscaped == "")
    }

    @Test func anAttributeValueCannotBeClosedFromInside() {
        let hostile = #"x" onload="alert('1')"#
        let attribute = "title=\"\(hostile.markupEscaped)\""
        #expect(attribute.filter { $0 == "\"" }.count == 2)
        #expect(!attribute.contains("'"))
    }

    @Test func aSubstringEscapesLikeTheStringItCameFrom() {
        let line = "<p>5 > 3 & 'yes'</p>"
        #expect(line.dropFirst(3).dropLast(4).markupEscaped == "5 &gt; 3 &amp; &#39;yes&#39;")
    }
}
