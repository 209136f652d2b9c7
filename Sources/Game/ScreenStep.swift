/// A direction on screen, as the player sees it: the arrows, a swipe, a camera orbit. The
/// sessions turn it into a lattice step or an axis through the camera, so keys keep their
/// meaning whichever way the view is turned.
enum ScreenStep: Hashable, Sendable { case up, down, left, right }
