import HTTPServer
import Testing

/// Entity-tag comparison (RFC 9110 §8.8.3), as the media files, the USGS stand-in and any other server use it.
struct EntityTagTests {
    @Test func ifNoneMatchComparesWeakly() {
        #expect(EntityTag.ifNoneMatch(#""a""#, names: #""a""#))
        #expect(EntityTag.ifNoneMatch(#"W/"a""#, names: #""a""#))
        #expect(EntityTag.ifNoneMatch(#""a""#, names: #"W/"a""#))
        #expect(EntityTag.ifNoneMatch(#""x", W/"a" ,"y""#, names: #""a""#))
        #expect(EntityTag.ifNoneMatch(" * ", names: #""a""#))
        #expect(!EntityTag.ifNoneMatch(#""b""#, names: #""a""#))
        #expect(!EntityTag.ifNoneMatch(#"a"#, names: #""a""#))
        #expect(!EntityTag.ifNoneMatch("", names: #""a""#))
    }

    @Test func ifMatchComparesStronglyOverAList() {
        #expect(EntityTag.ifMatch(#""a""#, names: #""a""#))
        #expect(EntityTag.ifMatch(#""x", "a""#, names: #""a""#))
        #expect(EntityTag.ifMatch(" * ", names: #""a""#))
        #expect(!EntityTag.ifMatch(#"W/"a""#, names: #""a""#))
        #expect(!EntityTag.ifMatch(#""a""#, names: #"W/"a""#))
        #expect(!EntityTag.ifMatch(#""b""#, names: #""a""#))
        #expect(!EntityTag.ifMatch("", names: #""a""#))
    }

    @Test func ifRangeComparesStrongly() {
        #expect(EntityTag.ifRange(#" "a" "#, names: #""a""#))
        #expect(!EntityTag.ifRange(#"W/"a""#, names: #""a""#))
        #expect(!EntityTag.ifRange(#""a""#, names: #"W/"a""#))
        #expect(!EntityTag.ifRange(#""a", "b""#, names: #""a""#))
    }
}
