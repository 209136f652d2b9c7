// The `soma-server` executable (what `soma serve` execs). Its command line is the `SomaServer`
// module (Sources/SomaServer), a library the tests link.
import SomaServer

runSomaServer()
