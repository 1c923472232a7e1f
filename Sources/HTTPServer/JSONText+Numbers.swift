import Foundation

extension JSONText {
    /// The path of the number that made a decoder call a body "not valid JSON" though it is JSON, or `nil` when
    /// the body is not JSON, holds no such number, or holds more than `limit` of them.
    ///
    /// Foundation's `JSONDecoder` reports a number an integer field cannot hold (`3.5`, twenty digits) as
    /// corrupted data with no coding path, the error it gives for a body that is not JSON at all, so a rating of
    /// 3.5 was answered 400 "not valid JSON" instead of 422 naming the field. Each number that is not a whole
    /// number in `Int`'s range is set to 0 in turn; the one whose change lets `failsTheSameWay` answer `false` is
    /// the field.
    ///
    /// - Parameter limit: how many such numbers are tried at most; each try decodes the body again, so a body of
    ///   thousands of fractions costs no more than a few decodes.
    public static func pathOfUnfitNumber(
        in body: Data, limit: Int = 8, failsTheSameWay: (Data) -> Bool
    ) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) else { return nil }
        var candidates: [[PathStep]] = []
        collectUnfitNumbers(in: root, at: [], into: &candidates, limit: limit + 1)
        guard candidates.count <= limit else { return nil }
        for path in candidates {
            let changed = replacing(path[...], in: root)
            guard let data = try? JSONSerialization.data(withJSONObject: changed, options: .fragmentsAllowed),
                !failsTheSameWay(data)
            else { continue }
            return path.map(\.name).joined(separator: ".")
        }
        return nil
    }

    /// A step into a parsed JSON value: a member's key or an array's index.
    private enum PathStep {
        case key(String)
        case index(Int)

        var name: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    private static func collectUnfitNumbers(
        in value: Any, at path: [PathStep], into found: inout [[PathStep]], limit: Int
    ) {
        guard found.count < limit else { return }
        switch value {
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                collectUnfitNumbers(in: object[key] as Any, at: path + [.key(key)], into: &found, limit: limit)
            }
        case let array as [Any]:
            for (index, item) in array.enumerated() {
                collectUnfitNumbers(in: item, at: path + [.index(index)], into: &found, limit: limit)
            }
        case let number as NSNumber where !(value is String):
            let double = number.doubleValue
            if double.rounded() != double || !(Double(Int.min)..<Double(Int.max)).contains(double) {
                found.append(path)
            }
        default:
            break
        }
    }

    private static func replacing(_ path: ArraySlice<PathStep>, in value: Any) -> Any {
        guard let step = path.first else { return 0 }
        switch (step, value) {
        case (.key(let key), var object as [String: Any]):
            object[key] = replacing(path.dropFirst(), in: object[key] as Any)
            return object
        case (.index(let index), var array as [Any]) where array.indices.contains(index):
            array[index] = replacing(path.dropFirst(), in: array[index])
            return array
        default:
            return value
        }
    }
}
