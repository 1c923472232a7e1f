import DynamicJSON
import Foundation

extension JSONObject {
    /// Decodes a JSON object, or returns nil when the bytes are not exactly one JSON object, or when any object
    /// in it repeats a member name.
    static func decodeObject(_ data: Data) -> JSONObject? {
        guard let object = try? JSONDecoder().decode(JSONObject.self, from: data),
            !DuplicateKeyScanner.hasDuplicateKeys(data)
        else { return nil }
        return object
    }

    /// Encodes the object as compact JSON with sorted keys, so equal objects give equal bytes.
    func encodedJSON() throws(CryptoError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self)
        } catch {
            throw .operationFailed("JSON encoding")
        }
    }
}
