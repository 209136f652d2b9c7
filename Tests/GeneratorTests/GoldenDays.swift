/// Thirty dates and the id of their daily figure by rule 1 (`DailyRule`): published days, which
/// must never change. Made once by the rule itself; a failing date means the rule or the
/// generator changed, which needs a new version for new days, not an edit here.
enum GoldenDays {
    static let list: [(String, String)] = [
        ("2026-11-24", "g-b29892"),
        ("2026-11-25", "g-bd7a11"),
        ("2026-11-26", "g-10cbff"),
        ("2026-11-27", "g-4fd059"),
        ("2026-11-28", "g-ce8ff6"),
        ("2026-11-29", "g-a303cd"),
        ("2026-11-30", "g-303f28"),
        ("2026-12-01", "g-236410"),
        ("2026-12-02", "g-0e8da0"),
        ("2026-12-03", "g-eef65c"),
        ("2026-12-04", "g-abd182"),
        ("2026-12-05", "g-8f78c8"),
        ("2026-12-06", "g-885910"),
        ("2026-12-07", "g-db1204"),
        ("2026-12-08", "g-e71212"),
        ("2026-12-09", "g-7ace0d"),
        ("2026-12-10", "g-6e0d73"),
        ("2026-12-11", "g-2307bb"),
        ("2026-12-12", "g-ac6403"),
        ("2026-12-13", "g-becd7a"),
        ("2026-12-14", "g-89a1a6"),
        ("2026-12-15", "g-8aeffb"),
        ("2026-12-16", "g-f229eb"),
        ("2026-12-17", "g-b19868"),
        ("2026-12-18", "g-474097"),
        ("1970-01-01", "g-aaed9f"),
        ("2027-02-28", "g-ab2e7b"),
        ("2028-02-29", "g-c62ec5"),
        ("2030-01-01", "g-4dde49"),
        ("2099-12-31", "g-67d1bd"),
    ]
}
