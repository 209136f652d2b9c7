import Testing
import Gestures

/// One scenario of the spec's Part C: input in the script notation and the exact action log.
struct Scenario: Sendable, CustomTestStringConvertible {
    enum Setup: Sendable { case graph, reversedGraph, graphWithLongPress }

    let number: Int
    let script: String
    let expected: [String]
    var setup: Setup = .graph

    var testDescription: String { "scenario \(number): \(script)" }

    func makeScript() -> TouchScript {
        switch setup {
        case .graph: return TouchScript()
        case .reversedGraph: return TouchScript(reversed: true)
        case .graphWithLongPress:
            return TouchScript(extra: { graph in
                let press = LongPressGestureRecognizer(name: "longPress")
                press.allowedSources = .mouseLeft
                press.delegate = graph.delegate
                return [press]
            })
        }
    }
}

