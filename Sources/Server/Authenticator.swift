import NIOCore
import NIOSSH

/// Lets everyone in and says who they are (see `Player`): a public key is the player it names;
/// a password, whatever it is, or the user `guest` asking for no authentication at all, is a
/// guest. Any other user's first request without authentication is answered with the methods
/// (public key, password), so a client tries its keys before anything else, as OpenSSH does.
/// (swift-nio-ssh has no keyboard-interactive, so a client with no key meets a password
/// prompt: any answer, an empty one too, is a guest.)
final class Authenticator: NIOSSHServerUserAuthenticationDelegate, @unchecked Sendable {
    private unowned let connection: Connection

    static let guestUser = "guest"

    init(connection: Connection) {
        self.connection = connection
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { [.publicKey, .password] }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let player: Player?
        switch request.request {
        case .publicKey(let key): player = Player(publicKey: key.publicKey)
        case .password: player = .guest
        case .none: player = request.username == Self.guestUser ? .guest : nil
        case .hostBased: player = nil
        }
        guard let player, connection.authenticated(as: player) else { return responsePromise.succeed(.failure) }
        responsePromise.succeed(.success)
    }
}
