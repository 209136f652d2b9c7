import Crypto
import Files
import Testing

/// soma's own HMAC-SHA256 (`Files.HMACSHA256`, kept out of the static game binary's link)
/// gives swift-crypto's answer on random keys and messages of every length around the block
/// size: the published vectors (`HMACSHA256Tests`) and a second implementation agree.
@Suite struct HMACCrossCheckTests {
    @Test func agreesWithSwiftCrypto() {
        var random = SystemRandomNumberGenerator()
        for length in Array(0...200) + [1000, 4096] {
            let key = (0..<Int.random(in: 0...150, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let theirs = Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
            #expect(HMACSHA256.authenticate(message, key: key) == theirs, "key \(key.count) bytes, message \(length)")
        }
    }
}
