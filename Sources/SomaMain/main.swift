// The `soma` executable. Everything it does is in the `soma` module (Sources/soma): kept a
// library so that the tests link the commands without this executable's static link flags.
import soma

runSoma()
