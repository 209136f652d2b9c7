import Foundation
import Testing
@testable import Files

/// The hash that authenticates checkpoints and shard lines, against the published vectors:
/// FIPS 180-4's examples for SHA-256 and RFC 4231's for HMAC-SHA256 (a key shorter than a
/// block, a short text key, a key longer than a block). `HMACCrossCheckTests` compares it
/// with swift-crypto on random input.
@Suite struct HMACSHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func sha256MatchesFIPS180() {
        #expect(Self.hex(HMACSHA256.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex(HMACSHA256.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex(HMACSHA256.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Self.hex(HMACSHA256.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hmacMatchesRFC4231() {
        #expect(HMACSHA256.hex("Hi There", key: [UInt8](repeating: 0x0b, count: 20))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(HMACSHA256.hex("what do ya want for nothing?", key: Array("Jefe".utf8))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(HMACSHA256.hex("Test Using Larger Than Block-Size Key - Hash Key First", key: [UInt8](repeating: 0xaa, count: 131))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func comparisonIsExact() {
        #expect(HMACSHA256.same("00ff", "00ff"))
        #expect(!HMACSHA256.same("00ff", "00fe"))
        #expect(!HMACSHA256.same("00ff", "00ff0"))
        #expect(!HMACSHA256.same("", "0"))
    }
}

/// Where a search's key comes from (`SearchKey`): the variable, a file, or this machine's own,
/// made once with mode 0600 and read back the same.
@Suite struct SearchKeyTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soma-key-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theVariableThenTheFileThenTheLocalKey() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let places = XDGPaths(environment: ["HOME": dir, "XDG_STATE_HOME": dir + "/state"])
        let given = try SearchKey.current(environment: ["SOMA_SEARCH_KEY": "sixteen bytes ok"], places: places)
        #expect(given.bytes == Array("sixteen bytes ok".utf8) && given.origin == "SOMA_SEARCH_KEY")
        #expect(throws: SearchKeyError.self) { try SearchKey.current(environment: ["SOMA_SEARCH_KEY": "short"], places: places) }

        try "a key the operator copied to every machine\n".write(toFile: dir + "/k", atomically: true, encoding: .utf8)
        let file = try SearchKey.current(environment: ["SOMA_SEARCH_KEY_FILE": dir + "/k"], places: places)
        #expect(file.bytes == Array("a key the operator copied to every machine".utf8))
        do {
            _ = try SearchKey.current(environment: ["SOMA_SEARCH_KEY_FILE": dir + "/none"], places: places)
            Issue.record("a missing key file was taken")
        } catch {
            #expect("\(error)" == "the key file \(dir)/none (SOMA_SEARCH_KEY_FILE): no such file")
        }

        let local = try SearchKey.current(environment: [:], places: places)
        #expect(local.bytes.count == 64 && local.bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/state/soma/search.key")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try SearchKey.current(environment: [:], places: places).bytes == local.bytes)
    }
}
