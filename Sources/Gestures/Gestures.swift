/// The gesture core (issue 3).
