import Crypto
import NIOCore

/// What two `soma serve` instances of one cluster say to each other so that a watcher on one
/// sees a game on the other (`--peer-listen`, `--peer-secret-file`; docs/serve.md). Every
/// message is a frame: a kind byte, a 4-byte big-endian length, the payload; each kind has its
/// own bound, so a peer can never make the reader hold more than `maxFrame` bytes.
///
/// The exchange: the player's instance greets (`hello`, its nonce); the watcher's instance asks
/// (`watch`: its nonce, the MAC, the name); the answer is `ok` (a MAC over both nonces and the
/// name as shown: the watcher's instance knows it reached a peer that holds the secret) or
/// `no` (a code); then `output` frames (the game's bytes, host notes already taken out) until
/// `end` (a code). Nothing a peer sends is shown as it came but the game's output, which goes
/// through the same `HostNoteFilter` and `WatcherQueue` as a local game's; the codes become
/// this instance's own sentences.
enum PeerWire {
    enum Kind: UInt8 {
        case hello = 0x48   // H
        case watch = 0x57   // W
        case ok = 0x4F      // O
        case no = 0x4E      // N
        case output = 0x46  // F
        case end = 0x45     // E

        /// The longest payload this kind may carry.
        var limit: Int {
            self == .output ? PeerWire.maxFrame : 256
        }
    }

    struct Frame: Equatable {
        let kind: Kind
        let payload: [UInt8]
    }

    /// The most game output in one frame (a larger chunk is sent as several).
    static let maxFrame = 64 * 1024
    /// Seconds either side waits for the other's part of the exchange before closing.
    static let handshakeSeconds: Int64 = 5
    /// The protocol's version, in the greeting.
    static let version = "soma-peer 1"

    /// Why a watch is refused, or ended, as codes (the watcher's instance says the sentence).
    enum Refusal: String {
        case absent, full
    }

    enum Ending: String {
        case ended, disallowed, replaced, behind, shutdown
    }

    /// A frame's bytes.
    static func encode(_ kind: Kind, _ payload: [UInt8], into buffer: inout ByteBuffer) {
        buffer.writeInteger(kind.rawValue)
        buffer.writeInteger(UInt32(payload.count))
        buffer.writeBytes(payload)
    }

    static func encode(_ kind: Kind, _ text: String, into buffer: inout ByteBuffer) {
        encode(kind, Array(text.utf8), into: &buffer)
    }

    /// A fresh nonce: 16 random bytes as 32 hex digits.
    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format2: UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The MAC (HMAC-SHA256, hex) of `parts` under the cluster's secret.
    static func mac(_ parts: [String], key: SymmetricKey) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(parts.joined(separator: "\n").utf8), using: key)
        return code.map { String(format2: $0) }.joined()
    }

    /// Whether `mac` is the MAC of `parts` (compared in constant time).
    static func check(_ mac: String, _ parts: [String], key: SymmetricKey) -> Bool {
        guard mac.utf8.count == 64, let bytes = hexBytes(mac) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(bytes, authenticating: Array(parts.joined(separator: "\n").utf8), using: key)
    }

    /// A display name as the game allows it (`Records.DisplayName`'s rules, checked again here:
    /// this module links no Records): at most 20 letters, digits, spaces and `-_.`.
    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 20
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || " -_.".utf8.contains(byte)
            }
    }

    /// A nonce as sent: exactly 32 lower-case hex digits.
    static func isNonce(_ text: Substring) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }
}

extension String {
    /// Two lower-case hex digits.
    fileprivate init(format2 byte: UInt8) {
        let digits = Array("0123456789abcdef".utf8)
        self.init(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]], as: UTF8.self)
    }
}

/// Reads frames from a peer's bytes, whatever chunks they come in: at most one frame's bytes
/// are held; an unknown kind or a length past its kind's bound is an error (the connection is
/// closed), never a large allocation.
struct PeerFrameReader {
    private var pending: [UInt8] = []

    enum Problem: Error, Equatable {
        case unknownKind(UInt8)
        case tooLong(PeerWire.Kind, Int)
    }

    /// The frames completed by `bytes`, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(Problem) -> [PeerWire.Frame] {
        pending.append(contentsOf: bytes)
        var frames: [PeerWire.Frame] = []
        var start = 0
        while pending.count - start >= 5 {
            guard let kind = PeerWire.Kind(rawValue: pending[start]) else { throw .unknownKind(pending[start]) }
            let length = pending[(start + 1)...(start + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= kind.limit else { throw .tooLong(kind, length) }
            guard pending.count - start - 5 >= length else { break }
            frames.append(PeerWire.Frame(kind: kind, payload: Array(pending[(start + 5)..<(start + 5 + length)])))
            start += 5 + length
        }
        pending.removeFirst(start)
        return frames
    }
}
