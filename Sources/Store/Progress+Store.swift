import Records

/// Inside Store, `Progress` is the player's saved progress (`Records.Progress`), not Foundation's
/// progress reporter of the same name.
typealias Progress = Records.Progress
