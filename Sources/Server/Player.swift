import Crypto
import NIOSSH
#if canImport(FoundationEssentials)
import FoundationEssentials
#endif

/// Who a connection plays as. Any public key is welcome and is the player, named by its SHA-256
/// fingerprint as OpenSSH prints it (`SHA256:` and unpadded base64), so the same key finds the
/// same progress from any machine; a password (any) or the `guest` user without one is a guest,
/// whose progress is not kept.
enum Player: Equatable, Sendable, CustomStringConvertible {
    case key(fingerprint: String)
    case guest

    init(publicKey: NIOSSHPublicKey) {
        self = .key(fingerprint: Self.fingerprint(openSSH: String(openSSHPublicKey: publicKey)) ?? "SHA256:?")
    }

    /// The fingerprint of a key in `authorized_keys` form (`ssh-ed25519 AAAA... comment`): the
    /// SHA-256 of the key's wire bytes (the base64 field).
    static func fingerprint(openSSH line: String) -> String? {
        let fields = line.split(separator: " ")
        guard fields.count >= 2, let blob = Data(base64Encoded: String(fields[1])) else { return nil }
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.prefix { $0 != "=" }
    }

    /// The environment that tells the game who plays: the store's player key, or a guest.
    var environment: [String] {
        switch self {
        case .key(let fingerprint): ["SOMA_PLAYER=\(fingerprint)"]
        case .guest: ["SOMA_GUEST=1"]
        }
    }

    var description: String {
        switch self {
        case .key(let fingerprint): "player \(fingerprint)"
        case .guest: "guest"
        }
    }
}
