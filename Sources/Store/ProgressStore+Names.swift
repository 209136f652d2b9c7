import Records

/// Display names: what the hall of fame shows instead of a player's key. Chosen once; unique
/// without regard to case, checked and written in one transaction, so two players choosing
/// the same name at once cannot both get it.
extension ProgressStore {
    /// This player's display name, nil while they have none.
    public func displayName() throws(StoreError) -> String? {
        Self.displayName(try file.run("SELECT name FROM names WHERE player = ?", [.text(player)]).first?.column("name"))
    }

    /// Gives this player the name `text` (spaces around it dropped), or says why not: not a
    /// name, a name chosen already, or another player's name.
    public func chooseName(_ text: String) throws(StoreError) -> NameChoice {
        if let problem = DisplayName.problem(text) { return .refused(problem) }
        let name = DisplayName.normalized(text), folded = DisplayName.folded(text)
        let now = clock()
        return try writing { () throws(StoreError) -> NameChoice in
            if let own = try file.run("SELECT name FROM names WHERE player = ?", [.text(player)]).first?
                .column("name")?.string {
                return .refused("Your name is \(own): it is chosen once and stays")
            }
            if let taken = try file.run("SELECT name FROM names WHERE folded = ?", [.text(folded)]).first?
                .column("name")?.string {
                return .refused("\(taken) is another player's name: choose another")
            }
            try file.run("INSERT INTO names (player, name, folded, chosen_at) VALUES (?, ?, ?, ?)",
                         [.text(player), .text(name), .text(folded), .float(now)])
            return .accepted(name)
        }
    }
}
