/// The games: Soma and pentominoes (issues 5, 6).
import Polycube
