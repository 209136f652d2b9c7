import Polycube
import Scene

/// The designer's keys, through the key table (`DesignerKeyMap`, as the player's settings bound
/// it). The name field is the midend's child screen (`NamePromptScreen`): while it is open no key
/// comes here.
extension DesignerSession {
    /// Handles a key through `DesignerKeyMap`.
    mutating func handle(_ key: GameKey) -> [GameEffect] {
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
        case .save:
            return [.askName(NamePrompt(purpose: .native, text: design.name), replacing: confirmedReplacement, problem: nil)]
        case .export:
            return [.askName(NamePrompt(purpose: .yass, text: design.name), replacing: confirmedReplacement, problem: nil)]
        case .clear:
            guard !design.isEmpty else { return [] }
            let removed = design.cells
            return change { d in for c in removed { d.remove(c) } }
        }
        return []
    }

    /// The name prompt closed: Esc (nil) saves nothing; a name saves (or exports) under it,
    /// replacing the file only when the player was warned of it and confirmed.
    mutating func named(_ name: String?, format: DesignFile.Format) -> [GameEffect] {
        let replacing = name != nil && name == confirmedReplacement
        confirmedReplacement = nil
        guard let name else {
            message = .note("Not saved")
            return []
        }
        return save(as: name, format: format, replacing: replacing)
    }
}
