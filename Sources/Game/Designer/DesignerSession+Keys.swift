import Polycube
import Scene

/// The designer's keys: the name field while it is open, else the key table (`DesignerKeyMap`, as the
/// player's settings bound it).
extension DesignerSession {
    /// Handles a key: in the name field when it is open, else through `DesignerKeyMap`.
    mutating func handle(_ key: GameKey) -> [GameEffect] {
        if var field = prompt {
            let outcome = field.handle(key)
            prompt = field
            switch outcome {
            case .editing: message = nil
            case .refused(let reason): message = .problem(reason)
            case .cancelled:
                prompt = nil
                confirmedReplacement = nil
                message = .note("Not saved")
            case .done(let name):
                prompt = nil
                let replacing = name == confirmedReplacement
                confirmedReplacement = nil
                return save(as: name, format: field.purpose, replacing: replacing)
            }
            return []
        }
        guard let action = keys.action(for: key) else { return [] }
        message = nil
        switch action {
        case .moveCursor(let step):
            let s = step.step
            plane.cursor = plane.cursor + plane.step(forScreen: s.columns, s.rows, camera: camera)
        case .movePlane(let steps):
            plane.move(toward: steps)
        case .add:
            if design.contains(plane.cursor) {
                message = .problem("There is a cube at the cursor already")
                return []
            }
            let cell = plane.cursor
            return change { $0.add(cell) }
        case .remove:
            guard design.contains(plane.cursor) else {
                message = .problem("No cube at the cursor to remove")
                return []
            }
            let cell = plane.cursor
            return change { $0.remove(cell) }
        case .view(.orbit(let step)):
            viewpoint.orbit(step)
            plane.face(viewpoint.camera)
        case .view(.zoom(let zoomIn)):
            viewpoint.zoom(by: zoomIn ? 1.25 : 0.8)
        case .view(.reset):
            viewpoint.reset()
            plane.face(viewpoint.camera)
        case .undo:
            return [.undo]
        case .redo:
            return [.redo]
        case .save:
            prompt = NamePrompt(purpose: .native, text: design.name)
        case .export:
            prompt = NamePrompt(purpose: .yass, text: design.name)
        case .clear:
            guard !design.isEmpty else { return [] }
            let removed = design.cells
            return change { d in for c in removed { d.remove(c) } }
        case .help:
            return [.openHelp]
        case .quit:
            return [.quit]
        }
        return []
    }
}
