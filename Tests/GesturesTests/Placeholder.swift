// Placeholder so the test target builds until its module's tests land; delete when adding tests.
import Testing
@testable import Gestures
