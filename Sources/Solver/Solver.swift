/// The exact-cover solver. Filled in by the solver work (issue 2).
import Polycube
